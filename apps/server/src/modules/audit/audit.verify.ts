import type { KeyObject } from 'node:crypto';
import type { Executor } from '../../db/executor';
import { GENESIS_HASH, chainHash } from './audit.chain';
import { openCheckpoint, type Checkpoint } from './audit.note';
import * as repo from './audit.repository';

// Verification recomputes the chain from the first row, in batches, so memory stays flat at any
// size, and checks every stored checkpoint (and one handed in from outside) against it
// (docs/security.md, "What verification proves").

const BATCH = 10_000;

export type AuditFailureKind = 'hash' | 'gap' | 'checkpoint' | 'truncated' | 'unchained';

export interface AuditVerification {
  ok: boolean;
  rows: number;
  checkpoints: number;
  /** The last seq up to which the chain was found intact. */
  verifiedUpTo: number;
  /** The last checkpoint that verified, with its time. */
  lastCheckpoint: { size: number; at: string } | null;
  failure: { kind: AuditFailureKind; seq: number | null; message: string } | null;
  summary: string;
}

class Failure extends Error {
  constructor(
    readonly kind: AuditFailureKind,
    readonly seq: number | null,
    message: string,
  ) {
    super(message);
  }
}

interface Expected extends Checkpoint {
  label: string;
  at: string | null;
}

/** The stored checkpoints and the handed-in one, each opened with the public key; throws at the first that does not verify. */
async function openedCheckpoints(executor: Executor, publicKey: KeyObject, external?: string): Promise<Expected[]> {
  const opened: Expected[] = [];
  for (const row of await repo.listCheckpoints(executor)) {
    const label = `checkpoint ${Number(row.size)} (${row.at})`;
    const checkpoint = openCheckpoint(row.note, publicKey);
    if (checkpoint instanceof Error) {
      throw new Failure('checkpoint', Number(row.size), `${label} does not verify: ${checkpoint.message}`);
    }
    if (checkpoint.size !== Number(row.size) || checkpoint.rootHash !== row.rootHash) {
      throw new Failure('checkpoint', Number(row.size), `${label}: its row does not match its signed note`);
    }
    opened.push({ ...checkpoint, label, at: row.at });
  }
  if (external !== undefined) {
    const checkpoint = openCheckpoint(external, publicKey);
    if (checkpoint instanceof Error) {
      throw new Failure('checkpoint', null, `the given checkpoint does not verify: ${checkpoint.message}`);
    }
    opened.push({ ...checkpoint, label: `the given checkpoint (size ${checkpoint.size})`, at: null });
  }
  return opened.sort((a, b) => a.size - b.size);
}

/** Recomputes the audit chain and checks every checkpoint's signature and hash. */
export async function verifyAuditLog(
  executor: Executor,
  options: { publicKey: KeyObject; checkpoint?: string },
): Promise<AuditVerification> {
  let rows = 0;
  let prevHash = GENESIS_HASH;
  let checkpoints: Expected[] = [];
  let lastCheckpoint: AuditVerification['lastCheckpoint'] = null;
  try {
    checkpoints = await openedCheckpoints(executor, options.publicKey, options.checkpoint);
    let next = 0;
    // The next batch is asked for before this one is hashed, so PostgreSQL reads while we hash.
    let pending = repo.readChainBatch(executor, 0, BATCH);
    for (let batch = await pending; batch.length > 0; batch = await pending) {
      pending = repo.readChainBatch(executor, Number(batch[batch.length - 1]?.seq), BATCH);
      pending.catch(() => undefined);
      for (const row of batch) {
        const seq = Number(row.seq);
        if (seq !== rows + 1) {
          throw new Failure('gap', rows + 1, `row ${rows + 1} is missing: after row ${rows} comes row ${seq}`);
        }
        if (row.prevHash !== prevHash || chainHash(prevHash, row) !== row.hash) {
          throw new Failure(
            'hash',
            seq,
            `row ${seq} (id ${row.id}) does not match its hash: it was changed or put there`,
          );
        }
        rows = seq;
        prevHash = row.hash;
        for (let checkpoint = checkpoints[next]; checkpoint?.size === seq; checkpoint = checkpoints[++next]) {
          if (checkpoint.rootHash !== row.hash) {
            throw new Failure(
              'checkpoint',
              seq,
              `${checkpoint.label} signed another log: the rows up to ${seq} were changed`,
            );
          }
          lastCheckpoint = checkpoint.at ? { size: seq, at: checkpoint.at } : lastCheckpoint;
        }
      }
    }
    const beyond = checkpoints[next];
    if (beyond) {
      throw new Failure(
        'truncated',
        rows + 1,
        `${beyond.label} covers ${beyond.size} rows but the log holds ${rows}: rows from ${rows + 1} on were removed`,
      );
    }
    const head = await repo.readChainHeadSeq(executor);
    if (head > rows) {
      throw new Failure('truncated', rows + 1, `the chain head is at row ${head} but the log ends at row ${rows}`);
    }
    const unchained = await repo.countUnchainedRows(executor);
    if (unchained > 0) {
      throw new Failure('unchained', null, `${unchained} audit rows are outside the chain (no sequence number)`);
    }
  } catch (error) {
    if (!(error instanceof Failure)) {
      throw error;
    }
    const counts = `${checkpoints.length.toLocaleString('en-US')} checkpoints`;
    return {
      ok: false,
      rows,
      checkpoints: checkpoints.length,
      verifiedUpTo: rows,
      lastCheckpoint,
      failure: { kind: error.kind, seq: error.seq, message: error.message },
      summary: `${error.message} (${counts}; chain intact up to seq ${rows.toLocaleString('en-US')})`,
    };
  }
  const stored = checkpoints.filter((checkpoint) => checkpoint.at !== null).length;
  return {
    ok: true,
    rows,
    checkpoints: stored,
    verifiedUpTo: rows,
    lastCheckpoint,
    failure: null,
    summary: `${rows.toLocaleString('en-US')} rows, ${stored.toLocaleString('en-US')} checkpoints, chain intact up to seq ${rows.toLocaleString('en-US')}`,
  };
}
