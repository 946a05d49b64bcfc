// Fills a GraftMatch database for benchmarks: the demo data (users, clinics, banks), then demo-like
// grafts and open waiting-list entries up to the asked totals. Writes directly through Kysely.
//   node --import tsx bench/seed.ts --grafts 100000 --entries 1000   (DATA_DIR or DATABASE_URL as for the server)
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { utcDate } from '@graftmatch/domain';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../apps/server/src/config/config';
import { engineOf } from '../apps/server/src/db/dialect';
import { seedDemo } from '../apps/server/src/demo/seed-demo';
import { buildDemoGrafts, type SeededClinic, type SeededEute } from '../apps/server/src/demo/seed-demo-grafts';
import { DEMO_EUTES } from '../apps/server/src/demo/seed-demo-data';
import { demoRandom, mulberry32 } from '../apps/server/src/demo/seed-demo-random';
import { buildDemoWaitingList } from '../apps/server/src/demo/seed-demo-waiting-list';
import type { DB } from '../apps/server/src/db/types';
import { openDatabase } from '../apps/server/src/startup/startup';

export interface BenchData {
  grafts: number;
  entries: number;
}

// SQLite allows 32,766 bound values a statement, PostgreSQL 65,535; a graft row has 52.
const GRAFT_BATCH = 500;
const ENTRY_BATCH = 1000;

async function count(db: Kysely<DB>, table: 'grafts' | 'waitingListEntries'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function demoOrganisations(db: Kysely<DB>) {
  const eutes = await db.selectFrom('eutes').select(['id', 'name']).execute();
  const seededEutes: SeededEute[] = eutes.flatMap((eute) => {
    const data = DEMO_EUTES.find((demo) => demo.name === eute.name);
    return data ? [{ id: eute.id, data }] : [];
  });
  const physicians = await db
    .selectFrom('clinicMembers')
    .innerJoin('users', 'users.id', 'clinicMembers.userId')
    .innerJoin('clinics', 'clinics.id', 'clinicMembers.clinicId')
    .select(['users.id as userId', 'users.email', 'users.firstName', 'users.lastName', 'users.phone'])
    .select(['clinics.id as clinicId', 'clinics.cName'])
    .orderBy('users.email')
    .execute();
  const contacts = physicians.map((p) => ({
    userId: p.userId,
    clinicId: p.clinicId,
    name: `${p.firstName} ${p.lastName}`,
    email: p.email,
    phone: p.phone ?? '',
  }));
  const clinics: SeededClinic[] = physicians.map((p, index) => ({
    id: p.clinicId,
    cName: p.cName,
    physician: contacts[index] as SeededClinic['physician'],
  }));
  return { eutes: seededEutes, clinics, physicians: contacts };
}

/** Tops the database up to `target` grafts and open entries (the demo data first when it is empty). */
export async function seedBenchData(db: Kysely<DB>, target: BenchData): Promise<BenchData> {
  const today = utcDate(new Date());
  if ((await db.selectFrom('users').select('id').executeTakeFirst()) === undefined) {
    await seedDemo(db, { today });
  }
  const organisations = await demoOrganisations(db);
  let grafts = await count(db, 'grafts');
  for (let round = 1; grafts < target.grafts; round += 1) {
    const random = demoRandom(mulberry32(round));
    const rows = buildDemoGrafts({ random, today, eutes: organisations.eutes, clinics: organisations.clinics })
      .slice(0, target.grafts - grafts)
      // Suffixed with the total before the round, which only grows: a later top-up never repeats a lot.
      .map((row) => ({ ...row, id: randomUUID(), eLot: `${row.eLot}-B${grafts}`, xLot: `${row.xLot}-B${grafts}` }));
    for (let start = 0; start < rows.length; start += GRAFT_BATCH) {
      await db
        .insertInto('grafts')
        .values(rows.slice(start, start + GRAFT_BATCH))
        .execute();
    }
    grafts += rows.length;
  }
  const open = await db
    .selectFrom('waitingListEntries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('closedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const missing = target.entries - Number(open.n);
  if (missing > 0) {
    const perPhysician = Math.ceil(missing / organisations.physicians.length);
    const random = demoRandom(mulberry32(target.entries));
    const rows = buildDemoWaitingList(organisations.physicians, random, today, perPhysician)
      .slice(0, missing)
      .map((row) => ({ ...row, id: randomUUID() }));
    for (let start = 0; start < rows.length; start += ENTRY_BATCH) {
      await db
        .insertInto('waitingListEntries')
        .values(rows.slice(start, start + ENTRY_BATCH))
        .execute();
    }
  }
  // PostgreSQL's autovacuum (on by default) would vacuum and analyze the tables within a minute of
  // such a load; where it is off, as on the development machine, the bench does it, so a figure is
  // not the plan of 200 rows' statistics (docs/performance.md).
  if (engineOf(db) === 'postgres') {
    await sql`vacuum analyze`.execute(db);
  }
  return { grafts, entries: Math.max(target.entries, Number(open.n)) };
}

async function main() {
  const { values } = parseArgs({
    options: { grafts: { type: 'string', default: '100000' }, entries: { type: 'string', default: '1000' } },
  });
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const seeded = await seedBenchData(database.db, { grafts: Number(values.grafts), entries: Number(values.entries) });
    console.log(`seeded ${seeded.grafts} grafts and ${seeded.entries} open entries in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
