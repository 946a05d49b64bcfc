import { afterAll, beforeAll, expect, test } from 'vitest';
import { dataFingerprint, startSeededApp, type SeededApp } from '../support/clinical';
import { testEngineName } from '../support/database';

// The fingerprint that proves refused writes change nothing (authorization matrix, malformed
// requests) is written by the database itself; it must still see a single changed value.

let app: SeededApp;
beforeAll(async () => {
  app = await startSeededApp();
});
afterAll(async () => {
  await app?.server.close();
});

test(`the data fingerprint sees one changed value and only there (${testEngineName()})`, async () => {
  const db = app.server.database.db;
  const before = await dataFingerprint(app.server);
  expect(await dataFingerprint(app.server)).toEqual(before);

  const graft = await db
    .selectFrom('grafts')
    .select(['id', 'tDproximal'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('grafts')
    .set({ tDproximal: (graft.tDproximal ?? 20) + 0.5 })
    .where('id', '=', graft.id)
    .execute();

  const after = await dataFingerprint(app.server);
  expect(after.grafts).not.toEqual(before.grafts);
  expect({ ...after, grafts: 'changed' }).toEqual({ ...before, grafts: 'changed' });
});
