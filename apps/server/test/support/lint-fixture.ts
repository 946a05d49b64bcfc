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
