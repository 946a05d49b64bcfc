import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  migrateBesideOtherFiles,
  testEngineName,
  type TestDatabase,
} from '../../test/support/database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

// Grafts imported before a graft's bank name and contact came from its bank's record get them by
// migration (docs/import.md "Bank name and contact"), so every graft can be requested by mail.

const MIGRATION = '2026-11-26-import-bank-contact';
const AT = '2026-11-20T08:00:00.000Z';

describe(`the bank name and contact of grafts imported before (${testEngineName()})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('takes the bank’s record name for a missing or another bank’s name, and its address for a missing contact', async () => {
    const { db } = test.database;
    const schema = test.target.engine === 'postgres' ? test.target.schema : undefined;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const names = Object.keys(migrations).sort();
    const before = names[names.indexOf(MIGRATION) - 1]!;
    // Kysely reports a failed migration in its result; thrown, a read that met another file's
    // schema change is tried again, and a real failure fails the test.
    await migrateBesideOtherFiles(async () => {
      const { error } = await migrator.migrateTo(before);
      if (error) {
        throw new Error(`migration to ${before} failed`, { cause: error });
      }
    });

    const bank = { name: 'Gewebebank Nord gGmbH', email: 'requests@gewebebank-nord.example' };
    await db
      .insertInto('eutes')
      .values({ id: 'bank-north', euteNumber: 'DE000123', ...bank, createdAt: AT, updatedAt: AT })
      .execute();
    const graft = (eLot: string, eName: string | null, eEmail: string | null) => ({
      id: `graft-${eLot}`,
      eLot,
      tProdName2: 5,
      eName,
      eEmail,
      euteId: 'bank-north',
      createdAt: AT,
      updatedAt: AT,
    });
    await db
      .insertInto('grafts')
      .values([
        graft('EMPTY', null, null),
        graft('OTHER', 'Süddeutsche Gewebebank e.V.', 'lab@gewebebank-nord.example'),
        graft('BLANK', bank.name, ''),
      ])
      .execute();

    expect(await migrateBesideOtherFiles(() => migrateToLatest(db))).toContain(MIGRATION);
    const grafts = await db.selectFrom('grafts').select(['eLot', 'eName', 'eEmail']).orderBy('eLot').execute();
    expect(grafts).toEqual([
      { eLot: 'BLANK', eName: bank.name, eEmail: bank.email },
      { eLot: 'EMPTY', eName: bank.name, eEmail: bank.email },
      // A contact of the graft's own stays.
      { eLot: 'OTHER', eName: bank.name, eEmail: 'lab@gewebebank-nord.example' },
    ]);
  });
});
