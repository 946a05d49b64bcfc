import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultStorage, type FaultStorage } from '../../test/faults/engine';
import { testEngineName } from '../../test/support/database';
import { manyRowsXlsx } from '../../test/support/hostile-files';
import { csvFile, graftCells } from '../../test/support/imports';
import { runCli } from '../../test/support/process';

// Each run starts Node and opens the database: seconds apiece on a busy machine.
describe(`graftmatch import FILE (${testEngineName()})`, { timeout: 120_000 }, () => {
  let storage: FaultStorage;
  const file = (name: string, content: Buffer | string) => {
    const where = path.join(storage.dataDir, name);
    writeFileSync(where, content);
    return where;
  };
  const run = (args: string[]) => runCli(['import', ...args], storage.env, 60_000);

  beforeAll(async () => {
    storage = await createFaultStorage();
    for (const command of ['migrate', 'seed-demo']) {
      const done = await runCli([command], storage.env, 60_000);
      expect(done.code, done.stderr).toBe(0);
    }
  }, 120_000);
  afterAll(() => storage?.dispose());

  it('imports a good file into the bank its e_Eute names and exits 0', async () => {
    const good = file('good.csv', csvFile([graftCells('CLI-1', { e_Eute: 'DE000123' }), graftCells('CLI-2')]));
    const done = await run([good]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /^graftmatch: import [0-9a-f-]{36}: 2 rows, 2 inserted, 0 updated, 0 unchanged, 0 failed$/m,
    );

    const again = await run([good, '--json']);
    expect(again.code).toBe(0);
    const result = JSON.parse(again.stdout) as ImportResult;
    expect(result).toMatchObject({ importer: 'cli', importSource: 'cli good.csv', summary: { unchanged: 2 } });
  });

  it('prints each failed row and exits 2; strict writes nothing; a dry run writes nothing either', async () => {
    const mixed = file(
      'mixed.csv',
      csvFile([
        graftCells('CLI-3'),
        graftCells('CLI-4', { t_Dproximal: 60 }),
        graftCells('CLI-5', { t_ProdName_2: 0 }),
      ]),
    );
    const strict = await run([mixed, '--bank', 'DE000123', '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stdout).toContain('strict: nothing was written');
    const dry = await run([mixed, '--bank', 'DE000123', '--dry-run', '--json']);
    expect(dry.code).toBe(2);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, summary: { inserted: 1, failed: 2 } });

    const done = await run([mixed, '--bank', 'DE000123']);
    expect(done.code).toBe(2);
    expect(done.stdout.split('\n')).toEqual([
      expect.stringMatching(/: 3 rows, 1 inserted, 0 updated, 0 unchanged, 2 failed$/),
      '  row 3, lot CLI-4, t_Dproximal: must be between 5 and 50 mm',
      '  row 4, lot CLI-5, t_ProdName_2: must be between 1 and 8',
      '',
    ]);
    // CLI-3 was taken by the last run only: the strict and dry runs before it wrote nothing.
    const after = await run([mixed, '--bank', 'DE000123', '--dry-run', '--json']);
    expect(JSON.parse(after.stdout)).toMatchObject({ summary: { inserted: 0, unchanged: 1, failed: 2 } });
  });

  it('imports a FHIR R5 Bundle of products into the bank its lot identifiers name, skipping other resources', async () => {
    const lotSystem = 'https://graftmatch.org/fhir/sid/eute/DE000123/e-lot';
    const product = (lot: string, type: string) => ({
      resource: {
        resourceType: 'BiologicallyDerivedProduct',
        identifier: [{ system: lotSystem, value: lot }],
        productCode: { coding: [{ system: 'https://graftmatch.org/fhir/CodeSystem/graft-type', code: type }] },
      },
    });
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Organization', name: 'Gewebebank Nord' } },
        product('CLI-FHIR-1', 'aortic_valve'),
        product('CLI-FHIR-2', 'no_such_type'),
      ],
    };
    const done = await run([file('bank.fhir.json', JSON.stringify(bundle)), '--json']);
    expect(done.code, done.stderr).toBe(2);
    const result = JSON.parse(done.stdout) as ImportResult;
    expect(result).toMatchObject({
      importType: 'fhir',
      importSource: 'cli bank.fhir.json',
      summary: { rows: 2, inserted: 1, failed: 1 },
      errors: [{ row: 3, lot: 'CLI-FHIR-2', field: 't_ProdName_2' }],
    });
    expect(result.log).toContain('Skipped (not grafts): 1 Organization.');
  });

  it('exits 1 with the reason when the file cannot be read at all or names no bank', async () => {
    const cases: [string[], RegExp][] = [
      [[path.join(storage.dataDir, 'missing.csv')], /the file cannot be read/],
      [[file('empty.csv', '')], /The file is empty/],
      [[file('latin1.csv', Buffer.from('e_Lot;t_Lot\nA;Gr\xfc\xdfe\n', 'latin1'))], /UTF-8/],
      [[file('nobank.csv', csvFile([graftCells('CLI-6')]))], /Name the tissue bank/],
      [[file('unknown.csv', csvFile([graftCells('CLI-7')])), '--bank', 'XX999'], /No tissue bank/],
      // Read as a stream like an upload: refused at the first row past the limit (docs/import.md "Limits").
      [[file('many.xlsx', await manyRowsXlsx(200_100)), '--dry-run'], /more than 200000 rows/],
    ];
    for (const [args, reason] of cases) {
      const done = await run(args);
      expect(done.code, args.join(' ')).toBe(1);
      expect(done.stderr).toMatch(reason);
    }
  });
});
