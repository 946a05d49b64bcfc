import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect } from 'vitest';

// The wall and one-source tests prove each lint rule on a fixture linted with the repository's own config.

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// One type-aware ESLint for every such test in a worker: building it is most of a case's time.
let eslint: ESLint | undefined;
const linter = () => (eslint ??= new ESLint({ cwd: repositoryRoot }));

/** The messages of `rule` for `code` linted as if it were `file`; a fixture that does not parse fails. */
export async function lintAs(code: string, file: string, rule: string) {
  const [result] = await linter().lintText(code, { filePath: path.join(repositoryRoot, file) });
  const messages = result?.messages ?? [];
  // A fixture that does not parse would pass unseen.
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages.filter((message) => message.ruleId === rule);
}

export const linesOf = (messages: { line: number }[]) => messages.map((message) => message.line);

/** Source lines of a fixture, ending with a newline. */
export const lines = (...code: string[]) => [...code, ''].join('\n');

/** A temporary folder of these files (path under the folder → text), for an import-graph fixture; removed after `use`. */
export async function inFixtureFolder<T>(
  files: Record<string, string>,
  use: (folder: string) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-fixture-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), text);
    }
    return await use(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
