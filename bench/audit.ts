// The tamper-evident audit log (docs/security.md): what the hash chain adds to a write, and how long
// verifying a large log takes. Production code has no switch that skips the chain, so the write is
// measured twice, honestly:
// 1. A waiting-list add over HTTP (sequential, so no queueing): p50/p99 of the real path, chain included.
// 2. The chain's own step, in this process on the same database: one audit row appended to the chain
//    in its transaction (lock the head, read the previous hash, hash, insert) against the same row
//    inserted bare into a plain table of the same shape, which is what an audit row cost before.
//    The add without the chain is then the add's p50 minus the chain's extra p50.
// 3. `graftmatch audit verify` (the real command, Node's start included) on 1,000,000 rows with a
//    checkpoint every 1,000, against the goal of 15 s; and the same verification's CPU time in this
//    process, which a machine shared with other work does not inflate.
// 4. The auditor's `GET /api/admin/audit/verify` on the running server over those rows, while
//    `/api/health` is polled: the slowest health answer against the goal of 200 ms.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/types';
import { recordAudit, recordAudits, type AuditEntry } from '../apps/server/src/modules/audit/audit.service';
import { writeCheckpointIfDue } from '../apps/server/src/modules/audit/audit.checkpoints';
import { loadAuditSigningKey } from '../apps/server/src/modules/audit/audit.key';
import { verifyAuditLog } from '../apps/server/src/modules/audit/audit.verify';
import { loadConfig } from '../apps/server/src/config/config';
import { runCli } from '../apps/server/test/support/process';
import type { Benchmark, BenchContext, Row } from './support/benchmark';
import { watchHealth } from '../apps/server/test/faults/health';
import { openBenchDatabase } from './support/database';
import { login } from './support/server';

const WRITES = 400;
const VERIFY_ROWS = 1_000_000;
const CHECKPOINT_EVERY = 1000;
const GOAL_SECONDS = 15;
const HEALTH_GOAL_MS = 200;
const DEMO_AUDITOR = 'auditor@demo.graftmatch.example';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const p50p99 = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;

async function timed(times: number, work: (index: number) => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await work(index);
    durations.push(performance.now() - started);
  }
  return durations;
}

const entry = (index: number): AuditEntry => ({
  actorUserId: randomUUID(),
  action: 'waitinglist.add',
  targetType: 'waitingListEntry',
  targetId: randomUUID(),
  after: { patientCode: 'M-05-2020', queryType: 5, queryDMin: 15 + (index % 5), queryDMax: 25 },
  ip: '127.0.0.1',
});

async function httpAdds(context: BenchContext): Promise<number[]> {
  const { baseUrl, physician } = context.session;
  return timed(WRITES, async (index) => {
    const answer = await fetch(`${baseUrl}/api/physician/waitinglist`, {
      method: 'POST',
      headers: physician.headers,
      body: JSON.stringify({
        query_type: 5,
        query_d_min: 15 + (index % 5),
        query_d_max: 25,
        query_l_min: 10,
        query_l_l_min: 0,
        query_l_r_min: 0,
        patient_Code: 'M-05-2020',
        query_i_min: '2030-01-01',
        query_i_Max: '2030-03-01',
      }),
    });
    if (answer.status !== 201) {
      throw new Error(`waiting-list add answered ${answer.status}: ${await answer.text()}`);
    }
  });
}

/** The chained append against a bare insert of the same row, each in its own transaction. */
async function chainStep(db: Kysely<DB>): Promise<{ chained: number[]; bare: number[] }> {
  const plain = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let table = plain.schema.createTable('bench_plain_audit').addColumn('id', 'text', (c) => c.primaryKey());
  for (const column of ['at', 'actor_user_id', 'action', 'target_type', 'target_id', 'before', 'after', 'ip']) {
    table = table.addColumn(column, 'text');
  }
  await table.execute();
  try {
    const chained = await timed(WRITES, (index) => db.transaction().execute((trx) => recordAudit(trx, entry(index))));
    const bare = await timed(WRITES, (index) =>
      plain.transaction().execute((trx) =>
        trx
          .insertInto('bench_plain_audit')
          .values({
            id: randomUUID(),
            at: new Date().toISOString(),
            actorUserId: entry(index).actorUserId,
            action: 'waitinglist.add',
            targetType: 'waitingListEntry',
            targetId: entry(index).targetId,
            after: JSON.stringify(entry(index).after),
            ip: '127.0.0.1',
          })
          .execute(),
      ),
    );
    return { chained, bare };
  } finally {
    await sql`drop table bench_plain_audit`.execute(db);
  }
}

/** Fills the log to `VERIFY_ROWS` rows, signing a checkpoint every `CHECKPOINT_EVERY` as the server would. */
async function fillLog(context: BenchContext, db: Kysely<DB>): Promise<number> {
  const config = loadConfig({ LOG_LEVEL: 'error', ...context.environment.env });
  const deps = {
    db,
    key: loadAuditSigningKey(config, { warn: () => undefined }),
    now: () => new Date(),
    checkpointRows: CHECKPOINT_EVERY,
    checkpointMinutes: 60,
  };
  const started = Date.now();
  for (;;) {
    const { rows } = await sql<{ rows: number }>`select count(*) as rows from audit_log`.execute(db);
    const missing = VERIFY_ROWS - Number(rows[0]?.rows ?? 0);
    if (missing <= 0) {
      break;
    }
    const count = Math.min(CHECKPOINT_EVERY, missing);
    await recordAudits(
      db,
      Array.from({ length: count }, (_, index) => entry(index)),
    );
    await writeCheckpointIfDue(deps, new Date(started));
  }
  return Date.now() - started;
}

export const auditBenchmark: Benchmark = {
  name: 'audit',
  when: 'largest',
  async run(context) {
    const adds = await httpAdds(context);
    const { chained, bare } = await openBenchDatabase(context.environment, chainStep);
    const extra = percentile(chained, 50) - percentile(bare, 50);
    const filledMs = await openBenchDatabase(context.environment, (db) => fillLog(context, db));
    console.error(`[audit] ${VERIFY_ROWS} audit rows written in ${filledMs} ms`);
    const cpu = await openBenchDatabase(context.environment, async (db) => {
      const before = process.cpuUsage();
      const key = loadAuditSigningKey(loadConfig({ LOG_LEVEL: 'error', ...context.environment.env }), {
        warn: () => undefined,
      });
      const result = await verifyAuditLog(db, { publicKey: key.publicKey });
      const used = process.cpuUsage(before);
      return { ok: result.ok, seconds: (used.user + used.system) / 1e6 };
    });
    const started = performance.now();
    const verified = await runCli(['audit', 'verify'], context.environment.env, 300_000);
    const seconds = (performance.now() - started) / 1000;
    if (verified.code !== 0) {
      throw new Error(`graftmatch audit verify failed: ${verified.stderr}`);
    }
    console.error(`[audit] ${verified.stdout.trim()}`);
    const overHttp = await verifyOverHttp(context);
    const rows: Row[] = [
      { what: `waiting-list add over HTTP, p50 / p99 of ${WRITES} (chain included)`, figure: p50p99(adds) },
      {
        what: 'one audit row in its transaction: chained / bare insert, p50 / p99',
        figure: p50p99(chained),
        baseline: p50p99(bare),
        ratio: percentile(chained, 50) / percentile(bare, 50),
      },
      {
        what: 'waiting-list add without the chain: add p50 minus the chain step extra p50',
        figure: ms(percentile(adds, 50) - extra),
        baseline: `chain adds ${ms(extra)}`,
      },
      {
        what: `graftmatch audit verify, ${VERIFY_ROWS.toLocaleString('en-US')} rows`,
        figure: `${seconds.toFixed(1)} s`,
        baseline: `goal ${GOAL_SECONDS} s`,
        ratio: seconds / GOAL_SECONDS,
      },
      {
        what: `the same verification in this process: CPU time (user + system; the wall time above also waits for other processes)`,
        figure: `${cpu.seconds.toFixed(1)} s${cpu.ok ? '' : ' (failed)'}`,
        baseline: `goal ${GOAL_SECONDS} s`,
        ratio: cpu.seconds / GOAL_SECONDS,
      },
      {
        what: `GET /api/admin/audit/verify by the auditor on the server: slowest /api/health meanwhile`,
        figure: `${Math.round(overHttp.health.slowestMs)} ms (${overHttp.health.answered}/${overHttp.health.polls} answered; verify ${overHttp.seconds.toFixed(1)} s)`,
        baseline: `goal ${HEALTH_GOAL_MS} ms`,
        ratio: overHttp.health.slowestMs / HEALTH_GOAL_MS,
      },
    ];
    return rows;
  },
};

/** The auditor verifies the whole log over HTTP while `/api/health` is polled. */
async function verifyOverHttp(context: BenchContext) {
  const { baseUrl } = context.session;
  const auditor = await login(baseUrl, context.environment.dataDir, DEMO_AUDITOR);
  const stopHealth = watchHealth(baseUrl);
  const started = performance.now();
  try {
    const answer = await fetch(`${baseUrl}/api/admin/audit/verify`, { headers: auditor.headers });
    const report = (await answer.json()) as { ok?: boolean };
    if (answer.status !== 200 || report.ok !== true) {
      throw new Error(`the auditor's verification answered ${answer.status}: ${JSON.stringify(report)}`);
    }
    return { seconds: (performance.now() - started) / 1000, health: await stopHealth() };
  } finally {
    await stopHealth();
  }
}
