import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAfterAnswer } from '../../http/after-answer';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { STATISTICS_AFTER_ROWS } from './imports.service';

// Only PostgreSQL plans from statistics that an import leaves stale (docs/decisions.md, Data).
describe.runIf(testEngineName() === 'postgres')('the planner after a large import (postgres)', () => {
  let seeded: SeededApp;
  // The analysis runs after the answer; the story drains that work before it looks.
  const afterAnswer = createAfterAnswer(console);
  const graftStatistics = async () => {
    const { rows } = await sql<{ analyzedAt: Date | null; estimatedRows: number }>`
      select s.last_analyze as "analyzedAt", c.reltuples::float8 as "estimatedRows"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname = 'grafts' and s.schemaname = current_schema()`.execute(seeded.server.database.db);
    return rows[0];
  };
  const storedGrafts = async () => {
    const row = await seeded.server.database.db
      .selectFrom('grafts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const lots = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => graftCells(`${prefix}-${String(index).padStart(5, '0')}`));

  beforeAll(async () => {
    seeded = await startSeededApp({ deps: { afterAnswer } });
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('leaves the statistics alone after a small import', async () => {
    const answer = await uploadImport(seeded.clients.employeeX, csvFile(lots('SMALL', 3)));
    expect(answer.status).toBe(200);
    await afterAnswer.drain();
    expect((await graftStatistics())?.analyzedAt).toBeNull();
  });

  it('analyzes the grafts once a large import is answered, so the next search is planned on what is there', async () => {
    const answer = await uploadImport(seeded.clients.employeeX, csvFile(lots('LARGE', STATISTICS_AFTER_ROWS)));
    expect(answer.status).toBe(200);
    await afterAnswer.drain();
    const statistics = await graftStatistics();
    expect(statistics?.analyzedAt).not.toBeNull();
    expect(statistics?.estimatedRows).toBe(await storedGrafts());
  }, 60_000);
});
