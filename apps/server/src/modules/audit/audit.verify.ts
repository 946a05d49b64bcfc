import type { KeyObject } from 'node:crypto';
import { translatorFor, type Language } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { GENESIS_HASH, chainHash } from './audit.chain';
import { openCheckpoint, type Checkpoint } from './audit.note';
import * as repo from './audit.repository';

// Verification recomputes the chain from the first row, in batches, so memory stays flat at any
// size, and checks every stored checkpoint (and one handed in from outside) against it
// (docs/security.md, "What verification proves"). Its words follow the language asked for.

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

type Words = ReturnType<typeof translatorFor>;

/** The stored checkpoints and the handed-in one, each opened with the public key; throws at the first that does not verify. */
async function openedCheckpoints(
  executor: Executor,
  publicKey: KeyObject,
  t: Words,
  external?: string,
): Promise<Expected[]> {
  const opened: Expected[] = [];
  for (const row of await repo.listCheckpoints(executor)) {
    const label = t('auditVerify.checkpoint', { size: Number(row.size), at: row.at });
    const checkpoint = openCheckpoint(row.note, publicKey);
    if (checkpoint instanceof Error) {
      const reason = checkpoint.message;
      throw new Failure('checkpoint', Number(row.size), t('auditVerify.doesNotVerify', { label, reason }));
    }
    if (checkpoint.size !== Number(row.size) || checkpoint.rootHash !== row.rootHash) {
      throw new Failure('checkpoint', Number(row.size), t('auditVerify.rowMismatch', { label }));
    }
    opened.push({ ...checkpoint, label, at: row.at });
  }
  if (external !== undefined) {
    const checkpoint = openCheckpoint(external, publicKey);
    if (checkpoint instanceof Error) {
      throw new Failure('checkpoint', null, t('auditVerify.givenDoesNotVerify', { reason: checkpoint.message }));
    }
    opened.push({ ...checkpoint, label: t('auditVerify.given', { size: checkpoint.size }), at: null });
  }
  return opened.sort((a, b) => a.size - b.size);
}

/** Recomputes the audit chain and checks every checkpoint's signature and hash; worded in English unless asked. */
export async function verifyAuditLog(
  executor: Executor,
  options: { publicKey: KeyObject; checkpoint?: string; language?: Language },
): Promise<AuditVerification> {
  const language = options.language ?? 'en';
  const t = translatorFor(language);
  const count = (value: number) => value.toLocaleString(language === 'de' ? 'de-DE' : 'en-US');
  let rows = 0;
  let prevHash = GENESIS_HASH;
  let checkpoints: Expected[] = [];
  let lastCheckpoint: AuditVerification['lastCheckpoint'] = null;
  try {
    checkpoints = await openedCheckpoints(executor, options.publicKey, t, options.checkpoint);
    let next = 0;
    // The next batch is asked for before this one is hashed, so PostgreSQL reads while we hash.
    let pending = repo.readChainBatch(executor, 0, BATCH);
    for (let batch = await pending; batch.length > 0; batch = await pending) {
      pending = repo.readChainBatch(executor, Number(batch[batch.length - 1]?.seq), BATCH);
      pending.catch(() => undefined);
      for (const row of batch) {
        const seq = Number(row.seq);
        if (seq !== rows + 1) {
          throw new Failure('gap', rows + 1, t('auditVerify.gap', { row: rows + 1, before: rows, seq }));
        }
        if (row.prevHash !== prevHash || chainHash(prevHash, row) !== row.hash) {
          throw new Failure('hash', seq, t('auditVerify.hash', { seq, id: row.id }));
        }
        rows = seq;
        prevHash = row.hash;
        for (let checkpoint = checkpoints[next]; checkpoint?.size === seq; checkpoint = checkpoints[++next]) {
          if (checkpoint.rootHash !== row.hash) {
            throw new Failure('checkpoint', seq, t('auditVerify.otherLog', { label: checkpoint.label, seq }));
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
        t('auditVerify.removed', { label: beyond.label, size: beyond.size, rows, from: rows + 1 }),
      );
    }
    const head = await repo.readChainHeadSeq(executor);
    if (head > rows) {
      throw new Failure('truncated', rows + 1, t('auditVerify.headBeyond', { head, rows }));
    }
    const unchained = await repo.countUnchainedRows(executor);
    if (unchained > 0) {
      throw new Failure('unchained', null, t('auditVerify.unchained', { count: unchained }));
    }
  } catch (error) {
    if (!(error instanceof Failure)) {
      throw error;
    }
    return {
      ok: false,
      rows,
      checkpoints: checkpoints.length,
      verifiedUpTo: rows,
      lastCheckpoint,
      failure: { kind: error.kind, seq: error.seq, message: error.message },
      summary: t('auditVerify.broken', {
        reason: error.message,
        checkpoints: count(checkpoints.length),
        seq: count(rows),
      }),
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
    summary: t('auditVerify.intact', { rows: count(rows), checkpoints: count(stored), seq: count(rows) }),
  };
}
