import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { containsIgnoringCase, isForeignKeyViolation, isUniqueViolation } from './dialect';

const at = '2026-11-21T09:00:00.000Z';

describe(`dialect helpers on ${testEngineName()}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.db
      .insertInto('clinics')
      .values([
        { id: 'clinic-a', cName: 'Herzzentrum Nord_West', createdAt: at, updatedAt: at },
        { id: 'clinic-b', cName: 'Herzzentrum NordXWest', createdAt: at, updatedAt: at },
        { id: 'clinic-c', cName: 'Klinik 100% Süd', createdAt: at, updatedAt: at },
      ])
      .execute();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error('expected the write to be refused');
  }

  it('recognises a unique violation, and only as that', async () => {
    const error = await failureOf(() =>
      test.database.db
        .insertInto('clinics')
        .values({ id: 'clinic-d', cName: 'Klinik 100% Süd', createdAt: at, updatedAt: at })
        .execute(),
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isForeignKeyViolation(error)).toBe(false);
  });

  it('recognises a duplicate primary key as a unique violation', async () => {
    const error = await failureOf(() =>
      test.database.db
        .insertInto('clinics')
        .values({ id: 'clinic-a', cName: 'Another', createdAt: at, updatedAt: at })
        .execute(),
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('recognises a foreign-key violation, and only as that', async () => {
    const error = await failureOf(() =>
      test.database.db.insertInto('clinicMembers').values({ userId: 'nobody', clinicId: 'clinic-a' }).execute(),
    );
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
  });

  it('does not mistake other errors for violations', () => {
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isForeignKeyViolation(undefined)).toBe(false);
  });

  it('matches text ignoring case, with LIKE wildcards in the needle taken literally', async () => {
    const names = async (needle: string) =>
      (
        await test.database.db
          .selectFrom('clinics')
          .select('cName')
          .where((eb) => containsIgnoringCase(eb.ref('cName'), needle))
          .execute()
      )
        .map((row) => row.cName)
        .sort();
    expect(await names('herzZENTRUM')).toEqual(['Herzzentrum NordXWest', 'Herzzentrum Nord_West']);
    expect(await names('nord_west')).toEqual(['Herzzentrum Nord_West']);
    expect(await names('100%')).toEqual(['Klinik 100% Süd']);
    expect(await names('0% s')).toEqual(['Klinik 100% Süd']);
  });
});
