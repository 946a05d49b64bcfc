// The bank's quality view at the large size with 20,000 follow-ups: past implantations of the demo
// banks with ten years of follow-ups, then the view per graft type and period under load, next to
// its bare-Fastify twin answering the same bytes; the figure to read is the p99 (docs/performance.md).
// Kept per data version (the answer cache) under load, and computed anew after each follow-up write,
// one read at a time (what the first reader after a recorded follow-up waits).
import { randomUUID } from 'node:crypto';
import { shiftDate, utcDate } from '@graftmatch/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../apps/server/src/db/dialect';
import type { DB } from '../apps/server/src/db/types';
import { demoBanks } from '../apps/server/src/demo/seed-demo-history';
import { buildDemoOutcomes } from '../apps/server/src/demo/seed-demo-outcomes';
import { demoRandom, mulberry32 } from '../apps/server/src/demo/seed-demo-random';
import { latencyRow, measureAgainstTwin } from './api';
import type { Benchmark, Row } from './support/benchmark';
import type { Scenario } from './support/autocannon';
import { openBenchDatabase } from './support/database';
import { login } from './support/server';

const FOLLOW_UPS = 20_000;
const BATCH = 400;
const DEMO_ADMIN = 'admin@demo.graftmatch.example';
const COMPRESSED = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Past implantations at a clinic of their own until the database holds `target` follow-ups. */
export async function seedBenchFollowUps(
  db: Kysely<DB>,
  target: number,
): Promise<{ grafts: number; followUps: number }> {
  const count = async (table: 'followups' | 'grafts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const today = utcDate(new Date());
  const eutes = await demoBanks(db);
  const at = new Date().toISOString();
  const clinic = { id: randomUUID(), cName: `Bench follow-up clinic ${at}` };
  await db
    .insertInto('clinics')
    .values({ ...clinic, createdAt: at, updatedAt: at })
    .execute();
  for (let round = 1; (await count('followups')) < target; round += 1) {
    const missing = target - (await count('followups'));
    const history = buildDemoOutcomes({
      random: demoRandom(mulberry32(4500 + round)),
      today,
      eutes,
      clinic,
      // About eleven rows a graft: its schedule and its events.
      grafts: Math.max(1, Math.ceil(missing / 11)),
      lotTag: `B${round}`,
    });
    const rows = history.followUps.slice(0, missing);
    const used = new Set(rows.map((row) => row.graftId));
    const grafts = history.grafts.filter((graft) => used.has(graft.id));
    for (let start = 0; start < grafts.length; start += BATCH) {
      await db
        .insertInto('grafts')
        .values(grafts.slice(start, start + BATCH))
        .execute();
    }
    for (let start = 0; start < rows.length; start += BATCH) {
      await db
        .insertInto('followups')
        .values(rows.slice(start, start + BATCH))
        .execute();
    }
  }
  if (engineOf(db) === 'postgres') {
    await sql`vacuum analyze`.execute(db);
  }
  return { grafts: await count('grafts'), followUps: await count('followups') };
}

/** The views a bank or an admin asks for: every type and each type, over all time and the last five years. */
function views(path: string): { method: 'GET'; path: string }[] {
  const fiveYearsAgo = shiftDate(utcDate(new Date()), -5 * 365);
  return ['', ...[1, 2, 3, 4, 5, 6, 7, 8].map((type) => `type=${type}`)].flatMap((type) =>
    ['', `from=${fiveYearsAgo}`].map((from) => {
      const query = [type, from].filter(Boolean).join('&');
      return { method: 'GET' as const, path: query ? `${path}?${query}` : path };
    }),
  );
}

/** Each view read once right after a write that bumps the data version: the time of its computation. */
async function timesAfterWrites(
  db: Kysely<DB>,
  baseUrl: string,
  headers: Record<string, string>,
  requests: readonly { path: string }[],
): Promise<number[]> {
  const times: number[] = [];
  const { id } = await db.selectFrom('followups').select('id').limit(1).executeTakeFirstOrThrow();
  for (const [index, request] of requests.entries()) {
    await db
      .updateTable('followups')
      .set({ updatedAt: new Date(Date.now() + index).toISOString() })
      .where('id', '=', id)
      .execute();
    const started = performance.now();
    const answer = await fetch(`${baseUrl}${request.path}`, { headers });
    await answer.arrayBuffer();
    if (!answer.ok) {
      throw new Error(`${request.path}: ${answer.status}`);
    }
    times.push(Math.round(performance.now() - started));
  }
  return times;
}

const percentile = (values: readonly number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;

export const outcomesBenchmark: Benchmark = {
  name: 'outcomes',
  when: 'largest',
  async run({ session, environment, options, grafts }) {
    const seeded = await openBenchDatabase(environment, (db) => seedBenchFollowUps(db, FOLLOW_UPS));
    const size = `${grafts} grafts + ${seeded.grafts - grafts} implanted with ${seeded.followUps} follow-ups`;
    const admin = await login(session.baseUrl, environment.dataDir, DEMO_ADMIN);
    const scenarios: Scenario[] = [
      {
        title: `quality view of a bank, 18 views (type × period), ${size}`,
        headers: { ...session.employee.headers, ...COMPRESSED },
        requests: views('/api/euteemployee/outcomes'),
      },
      {
        title: `quality view of the network (admin), 18 views, ${size}`,
        headers: { ...admin.headers, ...COMPRESSED },
        requests: views('/api/admin/outcomes'),
      },
    ];
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      rows.push(latencyRow(await measureAgainstTwin(session.baseUrl, scenario, options)));
    }
    // Computed anew: after a write to a follow-up (which renews the kept answers), one reader at a
    // time, as the first reader after a recorded follow-up waits. In this process, beside the server:
    // SQLite allows one server per data folder, so no second server with the cache off.
    for (const [who, headers, path] of [
      ['a bank', session.employee.headers, '/api/euteemployee/outcomes'],
      ['the network (admin)', admin.headers, '/api/admin/outcomes'],
    ] as const) {
      const times = await openBenchDatabase(environment, (db) =>
        timesAfterWrites(db, session.baseUrl, { ...headers, ...COMPRESSED }, views(path)),
      );
      rows.push({
        what: `quality view of ${who}, computed anew after each follow-up write (${times.length} reads, 1 at a time), ${size}`,
        figure: `p50 ${percentile(times, 0.5)} ms, max ${Math.max(...times)} ms`,
      });
    }
    return rows;
  },
};
