import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFingerprint, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import {
  manyRowsCsv,
  manyRowsJson,
  manyRowsXlsx,
  sharedStringsXlsx,
  wideRowsXlsx,
  zipBombXlsx,
} from '../../../test/support/hostile-files';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { IMPORT_COLUMN_NAMES } from './imports.columns';
import { IMPORT_LIMITS } from './imports.limits';

// Hostile import files within the 50 MB upload limit (docs/import.md "Limits"): each is
// refused while it is read, and the server's memory stays far below what loading it would take.

const MIB = 1024 * 1024;
/** The goal for any one import: the server grows by less than this (docs/import.md "Limits"). */
const GOAL_BYTES = 300 * MIB;

/** The most the process's resident memory grew above where it was while `work` ran. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - base };
  } finally {
    clearInterval(sample);
  }
}

describe(`hostile import files (${testEngineName()})`, { timeout: 180_000 }, () => {
  let seeded: SeededApp;

  beforeAll(async () => {
    seeded = await startSeededApp();
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('a CSV, a JSON and an xlsx of more rows than the limit are refused while reading, in bounded memory', async () => {
    const { clients, server } = seeded;
    const before = await dataFingerprint(server);
    const files: [string, Buffer][] = [
      // 600,000 rows of five numbers: a 6 MB file that once took 1.4 GB before its refusal.
      ['many.xlsx', await manyRowsXlsx(600_000)],
      ['many.csv', manyRowsCsv(IMPORT_MAX_ROWS + 1)],
      ['many.json', manyRowsJson(IMPORT_MAX_ROWS + 1)],
    ];
    for (const [fileName, content] of files) {
      const { result, growth } = await peakGrowth(async () =>
        expectProblem(await uploadImport(clients.employeeX, content, {}, { fileName }), 400),
      );
      expect(growth, fileName).toBeLessThan(GOAL_BYTES);
      expect(result.detail, fileName).toBe(
        `The file has more than ${IMPORT_MAX_ROWS} rows; at most ${IMPORT_MAX_ROWS} fit in one import.`,
      );
    }
    expect(await dataFingerprint(server)).toEqual(before);
  });

  it('a zip bomb disguised as xlsx and a huge shared-string table are refused with 400', async () => {
    const { clients } = seeded;
    const bomb = await zipBombXlsx(IMPORT_LIMITS.unpackedBytes + MIB);
    expect(bomb.length).toBeLessThan(5 * MIB);
    const refusedBomb = await peakGrowth(async () => expectProblem(await uploadImport(clients.employeeX, bomb), 400));
    expect(refusedBomb.growth).toBeLessThan(GOAL_BYTES);
    expect(refusedBomb.result.detail).toMatch(/unpacks to more than 512 MiB .*zip bomb/);

    const strings = await sharedStringsXlsx(IMPORT_LIMITS.sharedStrings + 1);
    const refusedStrings = await peakGrowth(async () =>
      expectProblem(await uploadImport(clients.employeeX, strings), 400),
    );
    expect(refusedStrings.growth).toBeLessThan(GOAL_BYTES);
    expect(refusedStrings.result.detail).toBe(
      `The xlsx workbook has more than ${IMPORT_LIMITS.sharedStrings} shared strings.`,
    );
  });

  it('a file whose kept cells and reasons would pass the memory budget, or with an endless CSV line, is refused', async () => {
    const { clients } = seeded;
    // 200,000 rows of every import column, each cell wrong: 27 MB that would keep 9 million reasons.
    const row = IMPORT_COLUMN_NAMES.map((name) => (name === 'e_Lot' ? 'L' : 'zz')).join(',');
    const heavy = Buffer.from(
      [IMPORT_COLUMN_NAMES.join(','), ...new Array<string>(IMPORT_MAX_ROWS).fill(row)].join('\n'),
    );
    const refused = await peakGrowth(async () => expectProblem(await uploadImport(clients.employeeX, heavy), 400));
    expect(refused.growth).toBeLessThan(GOAL_BYTES);
    expect(refused.result.detail).toMatch(/would take more than 192 MiB of memory/);

    const endless = Buffer.from(`e_Lot,t_Lot\n${','.repeat(2 * MIB)}\n`);
    const line = await expectProblem(await uploadImport(clients.employeeX, endless), 400);
    expect(line.detail).toBe(`The CSV has a line of more than ${IMPORT_LIMITS.runChars} characters.`);
  });

  it('an upload past 50 MB answers 413 and leaves no spooled file behind', async () => {
    const spooled = () => readdirSync(tmpdir()).filter((name) => name.startsWith('graftmatch-import-'));
    const before = spooled();
    const tooLarge = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'e_Lot\n');
    const problem = await expectProblem(await uploadImport(seeded.clients.employeeX, tooLarge), 413);
    expect(problem.detail).toMatch(/larger than 50 MiB/);
    // Other test files import beside this one; a leftover of this upload is the one of its size.
    const leftovers = spooled().filter(
      (name) =>
        !before.includes(name) &&
        (statSync(path.join(tmpdir(), name), { throwIfNoEntry: false })?.size ?? 0) >= IMPORT_MAX_BYTES,
    );
    expect(leftovers).toEqual([]);
  });

  it('a second large import beside a running one answers 503 with Retry-After; small ones still run', async () => {
    const { clients } = seeded;
    // Rows 16,384 cells wide take seconds to read: whichever of the two comes first holds the
    // large-import slot longer than the other may wait for it.
    const wide = await wideRowsXlsx(150);
    const small = csvFile([graftCells('GATE-SMALL-1')]);
    const [first, second, smallAnswer] = await Promise.all([
      uploadImport(clients.employeeX, wide, { dryRun: 'true' }, { fileName: 'first.xlsx' }),
      uploadImport(clients.employeeX, wide, { dryRun: 'true' }, { fileName: 'second.xlsx' }),
      uploadImport(clients.employeeX, small, { dryRun: 'true' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 503]);
    const busy = first.status === 503 ? first : second;
    expect(busy.headers.get('retry-after')).toMatch(/^\d+$/);
    const problem = await expectProblem(busy, 503);
    expect(problem.detail).toMatch(/Another large import is running/);
    expect(smallAnswer.status).toBe(200);
    expect(((await smallAnswer.json()) as ImportResult).summary).toMatchObject({ rows: 1, inserted: 1 });
  });
});
