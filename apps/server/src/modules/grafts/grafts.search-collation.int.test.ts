import { type Graft, type GraftSearchQuery } from '@graftmatch/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestClinic, createTestUser, loginAs } from '../../../test/support/auth';
import { graftRow } from '../../../test/support/clinical';
import type { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { startTestApp, type TestApp } from '../../../test/support/app';

// A search's page is cut in SQL and put in order by the domain's rule, which compares lots by
// their code units. On a PostgreSQL database whose text sorts by a language's collation, the SQL
// must still cut in the domain's order, or a lot could sit on the wrong page. SQLite compares
// code units by default; this story is PostgreSQL's alone (db/dialect.ts, inCodeUnitOrder).

describe.skipIf(testEngineName() !== 'postgres')(
  'search pages on a database with a language collation (postgres)',
  () => {
    let server: TestApp;
    let physician: TestClient;
    const SEARCH: GraftSearchQuery = {
      query_type: 8,
      query_d_min: 41,
      query_d_max: 41,
      query_l_min: 10,
      query_l_l_min: 0,
      query_l_r_min: 0,
    };

    beforeAll(async () => {
      server = await startTestApp();
      // As a database created with an English locale would sort them: "a" before "B".
      await sql`alter table grafts alter column e_lot type text collate "en-US-x-icu"`.execute(server.database.db);
      const clinicId = await createTestClinic(server);
      const euteId = randomUUID();
      const at = new Date().toISOString();
      await server.database.db
        .insertInto('eutes')
        .values({ id: euteId, name: 'Collation bank', createdAt: at, updatedAt: at })
        .execute();
      // Same type, diameter and expiry: only the lot tells them apart.
      const rows = ['zz-a', 'ZZ-b', 'zz-c', 'ZZ-d'].map((eLot) =>
        graftRow(euteId, { eLot, tProdName2: 8, tDproximal: 41, expiryDate: null, expiryOut: null }),
      );
      await server.database.db.insertInto('grafts').values(rows).execute();
      const { email } = await createTestUser(server, { clinicIds: [clinicId] });
      physician = await loginAs(server, email);
    });

    afterAll(async () => {
      await server?.close();
    });

    const lotsOf = async (query: string) => {
      const answer = await physician.post(`/api/physician/graftsearch${query}`, SEARCH);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as Graft[]).map((graft) => graft.e_Lot);
    };

    test('pages follow the order of code units, as the results within a page do', async () => {
      expect(await lotsOf('')).toEqual(['ZZ-b', 'ZZ-d', 'zz-a', 'zz-c']);
      expect(await lotsOf('?limit=2&offset=0')).toEqual(['ZZ-b', 'ZZ-d']);
      expect(await lotsOf('?limit=2&offset=2')).toEqual(['zz-a', 'zz-c']);
    });
  },
);
