// Files on S3 (docs/performance.md, "Files"): a 1 GB DICOM zip, made while it is sent, goes up to
// the server running with FILE_STORE=s3 against s3rver, and comes back down. The server receives
// it into its staging folder, checks it, and uploads it to the bucket in parts; the figure is the
// server's peak resident memory over its memory after a full garbage collection, against the goal
// of 100 MiB; the same file up and down through the disk store is the baseline. s3rver runs in a
// process of its own, so its memory is not counted.
//   node --import tsx bench/run.ts --only files-s3-memory --engines sqlite   (after `npm run build`)
import { randomUUID } from 'node:crypto';
import { ListStatus } from '@graftmatch/domain';
import { dicomZipStream, downloadHash, streamUpload } from '../apps/server/test/faults/uploads';
import { startS3Peer } from '../apps/server/test/support/s3';
import { seedBenchData } from './seed';
import type { Benchmark, BenchSession } from './support/benchmark';
import { openBenchDatabase } from './support/database';
import { MIB, rssBytes } from './support/memory';
import { createEnvironment, DEMO_EMPLOYEE, type BenchEnvironment } from './support/server';
import { startSession } from './support/session';

const GOAL_MIB = 100;
/** 8,000 slices of 128 KiB: a 1.05 GB zip, within the DICOM limits (1 GiB, 10,000 entries). */
const ENTRIES = 8000;
const ENTRY_BYTES = 128 * 1024;
/** 20 MiB first, so buffer pools and the S3 client's connections exist before the baseline. */
const WARM_UP_ENTRIES = 160;

/** A Free graft of the demo employee's bank: the one the upload goes to. */
function lotOfEmployeesBank(environment: BenchEnvironment): Promise<string> {
  return openBenchDatabase(environment, async (db) => {
    const graft = await db
      .selectFrom('grafts')
      .innerJoin('euteMembers', 'euteMembers.euteId', 'grafts.euteId')
      .innerJoin('users', 'users.id', 'euteMembers.userId')
      .select('grafts.eLot')
      .where('users.email', '=', DEMO_EMPLOYEE)
      .where('grafts.listStatus', '=', ListStatus.Free)
      .orderBy('grafts.eLot')
      .executeTakeFirstOrThrow();
    return graft.eLot;
  });
}

const downloadFile = (session: BenchSession, name: string) =>
  downloadHash(`${session.baseUrl}/api/file/getfile/5/${name}`, session.employee.headers);

async function upload(session: BenchSession, lot: string, name: string, entries: number) {
  const sent = streamUpload(
    session.baseUrl,
    session.employee,
    { lot, type: '5' },
    name,
    dicomZipStream(entries, ENTRY_BYTES),
  );
  const answer = await sent.answer;
  if (answer instanceof Error || answer.status !== 200) {
    throw new Error(`upload of ${name} failed: ${answer instanceof Error ? answer.message : answer.body}`);
  }
  return { bytes: sent.sent(), sha256: await sent.sha256 };
}

/** Runs `step` while sampling the server's memory; answers the peak growth over `base` and the seconds it took. */
async function measured<T>(pid: number, base: number, step: () => Promise<T>) {
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  const started = performance.now();
  try {
    const result = await step();
    peak = Math.max(peak, rssBytes(pid));
    return { result, growthMib: (peak - base) / MIB, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

/** One upload of the large zip to a server of `environment`, warmed up first; answers its memory and time. */
async function uploadMeasured(environment: BenchEnvironment, extraEnv: Record<string, string>, lot: string) {
  const session = await startSession(environment, extraEnv);
  try {
    const pid = session.pid;
    if (pid === undefined) {
      throw new Error('the files memory benchmark needs the server’s process id');
    }
    const warmUp = `warm-up-${randomUUID()}.zip`;
    await upload(session, lot, warmUp, WARM_UP_ENTRIES);
    await downloadFile(session, warmUp);
    await session.collectGarbage?.();
    const name = `series-${randomUUID()}.zip`;
    const up = await measured(pid, rssBytes(pid), () => upload(session, lot, name, ENTRIES));
    await session.collectGarbage?.();
    const down = await measured(pid, rssBytes(pid), () => downloadFile(session, name));
    if (down.result.status !== 200 || down.result.sha256 !== up.result.sha256) {
      throw new Error(`the file came back ${down.result.status} with ${down.result.bytes} bytes, not whole`);
    }
    return { up, down };
  } finally {
    await session.stop();
  }
}

export const filesS3MemoryBenchmark: Benchmark = {
  name: 'files-s3-memory',
  when: 'once',
  async run(context) {
    // A database of its own: on SQLite only one server may write at a time, and this one runs two in turn.
    const environment = await createEnvironment(
      context.environment.engine,
      process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    );
    const peer = await startS3Peer('graftmatch-bench');
    try {
      await openBenchDatabase(environment, (db) => seedBenchData(db, { grafts: 200, entries: 100 }));
      const lot = await lotOfEmployeesBank(environment);
      // The same file to the disk store first: the baseline.
      const disk = await uploadMeasured(environment, {}, lot);
      const s3 = await uploadMeasured(environment, peer.env, lot);
      const growthMib = Math.max(s3.up.growthMib, s3.down.growthMib);
      const row = {
        what: `files on S3 (s3rver): ${(s3.up.result.bytes / 1e9).toFixed(2)} GB DICOM zip up and back down, goal < ${GOAL_MIB} MiB`,
        figure: `+${Math.round(s3.up.growthMib)} MiB peak RSS up (${s3.up.seconds.toFixed(0)} s), +${Math.round(s3.down.growthMib)} MiB down (${s3.down.seconds.toFixed(0)} s)`,
        baseline: `disk store: +${Math.round(disk.up.growthMib)} MiB up (${disk.up.seconds.toFixed(0)} s), +${Math.round(disk.down.growthMib)} MiB down (${disk.down.seconds.toFixed(0)} s)`,
        ratio: GOAL_MIB / Math.max(growthMib, 1),
      };
      console.error(`[files-s3-memory] ${row.figure}; ${row.baseline}`);
      return [row];
    } finally {
      await peer.close();
      await environment.dispose();
    }
  },
};
