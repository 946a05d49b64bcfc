import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';
import { findImportCycles } from './import-cycles';

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

describe('import circles', () => {
  test('a circle of imports, type-only ones included, is found and named; a chain is not', () => {
    const file = (name: string) => path.join(root, 'fixture', `${name}.ts`);
    const sources = new Map([
      [file('service'), "import { writeOrConflict } from './write';\nexport const a = 1;"],
      [file('write'), "import type { Deps } from './service';\nexport const writeOrConflict = 2;"],
      [file('routes'), "import { a } from './service.js';\nimport { Type } from '@sinclair/typebox';"],
      [file('self'), "export * from './self';"],
    ]);
    expect(findImportCycles(sources)).toEqual([[file('service'), file('write')], [file('self')]]);
    sources.set(file('write'), 'export const writeOrConflict = 2;');
    sources.set(file('self'), 'export const alone = 3;');
    expect(findImportCycles(sources)).toEqual([]);
  });
});
