import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Lints a text with the repository's own ESLint config as if it were this module file. */
async function wallErrors(code: string, file = 'apps/server/src/modules/donations/donations.service.ts') {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
}

describe('module walls (docs/architecture.md)', () => {
  test("a module that reaches into another module's repository or routes fails the lint", async () => {
    const fixture = [
      "import { findListedGraftByLot } from '../grafts/grafts.repository';",
      "import type { physicianGraftRoutes } from '../grafts/grafts.routes';",
      'export const reached = [findListedGraftByLot, null as unknown as typeof physicianGraftRoutes];',
      '',
    ].join('\n');
    const errors = await wallErrors(fixture);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
    expect(errors[0]?.message).toMatch(/call its service/);
  }, 120_000);

  test("the same module's repository and another module's service are allowed", async () => {
    const fixture = [
      "import { getDonation } from '../grafts/grafts.service';",
      "import { euteReadScope } from '../auth/auth.policy';",
      'export const allowed = [getDonation, euteReadScope];',
      '',
    ].join('\n');
    expect(await wallErrors(fixture)).toEqual([]);
    const own =
      "import { findListedGraftByLot } from './grafts.repository';\nexport const own = findListedGraftByLot;\n";
    expect(await wallErrors(own, 'apps/server/src/modules/grafts/grafts.service.ts')).toEqual([]);
  }, 120_000);
});

/** The import circles madge finds among these files, with the repository's own `.madgerc`. */
async function circlesAmong(sources: Record<string, string>): Promise<string[][]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-circles-'));
  try {
    for (const [name, text] of Object.entries(sources)) {
      writeFileSync(path.join(folder, `${name}.ts`), text);
    }
    const config = JSON.parse(readFileSync(path.join(root, '.madgerc'), 'utf8')) as madge.MadgeConfig;
    return (await madge(folder, config)).circular();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('import circles (npm run lint:cycles)', () => {
  test('a circle of imports, type-only ones included, is found and named; a chain is not', async () => {
    const sources = {
      service: "import { writeOrConflict } from './write';\nexport const a = writeOrConflict;",
      write: "import type { Deps } from './service';\nexport const writeOrConflict = 2;\nexport type W = Deps;",
      routes: "import { a } from './service';\nexport const b = a;",
    };
    expect(await circlesAmong(sources)).toEqual([['service.ts', 'write.ts']]);
    expect(await circlesAmong({ ...sources, write: 'export const writeOrConflict = 2;' })).toEqual([]);
  }, 60_000);
});
