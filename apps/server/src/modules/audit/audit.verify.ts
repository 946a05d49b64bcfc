import type { KeyObject } from 'node:crypto';
import { translatorFor, type Language, type MessageKey } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { GENESIS_HASH, chainHash } from './audit.chain';
import { openCheckpoint, type Checkpoint } from './audit.note';
import * as repo from './audit.repository';

// Verification recomputes the chain from the first row, in batches, so memory stays flat at any
// size, and checks every stored checkpoint (and one handed in from outside) against it
// (docs/security.md, "What verification proves"). The check finds facts; its words follow the
// language asked for afterwards, so callers in different languages can share one run.

// Each batch is read and hashed in one turn of the event loop (SQLite reads synchronously), and
// the loop runs between batches, so the server keeps answering while a million rows are checked.
// A batch's size follows how long the last turn took, aiming at TURN_MS: on a busy machine the
// batches shrink instead of holding the loop longer (docs/performance.md "Audit chain").
const TURN_MS = 20;
const FIRST_BATCH = 1000;
const MIN_BATCH = 100;
const MAX_BATCH = 10_000;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The next batch's size: this one's, scaled so that its turn would have taken TURN_MS. */
const nextBatchSize = (size: number, turnMs: number) =>
  Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.round((size * TURN_MS) / Math.max(turnMs, 1))));

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

/** A checkpoint as a message names it: stored (with its time) or handed in (`at` null). */
interface Label {
  size: number;
  at: string | null;
}

/** What a failure says, before it is put in words. */
interface Wording {
  key: MessageKey;
  params: Record<string, string | number>;
  label?: Label;
}

class Failure extends Error {
  constructor(
    readonly kind: AuditFailureKind,
    readonly seq: number | null,
    readonly wording: Wording,
  ) {
    super(wording.key);
  }
}

/** What a run of the check found, in no language. */
export interface AuditChainFacts {
  rows: number;
  /** Checkpoints opened: the stored ones and the handed-in one. */
  opened: number;
  /** Of those, the stored ones. */
  stored: number;
  lastCheckpoint: AuditVerification['lastCheckpoint'];
  failure: { kind: AuditFailureKind; seq: number | null; wording: Wording } | null;
}

interface Expected extends Checkpoint {
  label: Label;
  at: string | null;
}

/** The stored checkpoints and the handed-in one, each opened with the public key; throws at the first that does not verify. */
async function openedCheckpoints(executor: Executor, publicKey: KeyObject, external?: string): Promise<Expected[]> {
  const opened: Expected[] = [];
  for (const row of await repo.listCheckpoints(executor)) {
    const label = { size: Number(row.size), at: row.at };
    const checkpoint = openCheckpoint(row.note, publicKey);
    if (checkpoint instanceof Error) {
      const params = { reason: checkpoint.message };
      throw new Failure('checkpoint', Number(row.size), { key: 'auditVerify.doesNotVerify', params, label });
    }
    if (checkpoint.size !== Number(row.size) || checkpoint.rootHash !== row.rootHash) {
      throw new Failure('checkpoint', Number(row.size), { key: 'auditVerify.rowMismatch', params: {}, label });
    }
    opened.push({ ...checkpoint, label, at: row.at });
  }
  if (external !== undefined) {
    const checkpoint = openCheckpoint(external, publicKey);
    if (checkpoint instanceof Error) {
      const params = { reason: checkpoint.message };
      throw new Failure('checkpoint', null, { key: 'auditVerify.givenDoesNotVerify', params });
    }
    opened.push({ ...checkpoint, label: { size: checkpoint.size, at: null }, at: null });
  }
  return opened.sort((a, b) => a.size - b.size);
}

/** Recomputes the audit chain and checks every checkpoint's signature and hash; answers what it found. */
export async function checkAuditChain(
  executor: Executor,
  options: { publicKey: KeyObject; checkpoint?: string },
): Promise<AuditChainFacts> {
  let rows = 0;
  let prevHash = GENESIS_HASH;
  let checkpoints: Expected[] = [];
  let lastCheckpoint: AuditVerification['lastCheckpoint'] = null;
  try {
    checkpoints = await openedCheckpoints(executor, options.publicKey, options.checkpoint);
    let next = 0;
    let size = FIRST_BATCH;
    // The next batch is asked for before this one is hashed, so PostgreSQL reads while we hash.
    let pending = repo.readChainBatch(executor, 0, size);
    for (let batch = await pending; batch.length > 0; batch = await pending) {
      const turn = performance.now();
      pending = repo.readChainBatch(executor, Number(batch[batch.length - 1]?.seq), size);
      pending.catch(() => undefined);
      for (const row of batch) {
        const seq = Number(row.seq);
        if (seq !== rows + 1) {
          throw new Failure('gap', rows + 1, { key: 'auditVerify.gap', params: { row: rows + 1, before: rows, seq } });
        }
        if (row.prevHash !== prevHash || chainHash(prevHash, row) !== row.hash) {
          throw new Failure('hash', seq, { key: 'auditVerify.hash', params: { seq, id: row.id } });
        }
        rows = seq;
        prevHash = row.hash;
        for (let checkpoint = checkpoints[next]; checkpoint?.size === seq; checkpoint = checkpoints[++next]) {
          if (checkpoint.rootHash !== row.hash) {
            const wording = { key: 'auditVerify.otherLog', params: { seq }, label: checkpoint.label } as const;
            throw new Failure('checkpoint', seq, wording);
          }
          lastCheckpoint = checkpoint.at ? { size: seq, at: checkpoint.at } : lastCheckpoint;
        }
      }
      await nextTurn();
      size = nextBatchSize(size, performance.now() - turn);
    }
    const beyond = checkpoints[next];
    if (beyond) {
      const params = { size: beyond.size, rows, from: rows + 1 };
      throw new Failure('truncated', rows + 1, { key: 'auditVerify.removed', params, label: beyond.label });
    }
    const head = await repo.readChainHeadSeq(executor);
    if (head > rows) {
      throw new Failure('truncated', rows + 1, { key: 'auditVerify.headBeyond', params: { head, rows } });
    }
    const unchained = await repo.countUnchainedRows(executor);
    if (unchained > 0) {
      throw new Failure('unchained', null, { key: 'auditVerify.unchained', params: { count: unchained } });
    }
  } catch (error) {
    if (!(error instanceof Failure)) {
      throw error;
    }
    const failure = { kind: error.kind, seq: error.seq, wording: error.wording };
    return { rows, opened: checkpoints.length, stored: 0, lastCheckpoint, failure };
  }
  const stored = checkpoints.filter((checkpoint) => checkpoint.at !== null).length;
  return { rows, opened: checkpoints.length, stored, lastCheckpoint, failure: null };
}

/** The check's findings in words of `language`. */
export function describeAuditChain(facts: AuditChainFacts, language: Language): AuditVerification {
  const t = translatorFor(language);
  const count = (value: number) => value.toLocaleString(language === 'de' ? 'de-DE' : 'en-US');
  const { rows, lastCheckpoint, failure } = facts;
  if (failure) {
    const { key, params, label } = failure.wording;
    const labelText = (named: Label) =>
      named.at === null
        ? t('auditVerify.given', { size: named.size })
        : t('auditVerify.checkpoint', { size: named.size, at: named.at });
    const message = t(key, label ? { ...params, label: labelText(label) } : params);
    return {
      ok: false,
      rows,
      checkpoints: facts.opened,
      verifiedUpTo: rows,
      lastCheckpoint,
      failure: { kind: failure.kind, seq: failure.seq, message },
      summary: t('auditVerify.broken', { reason: message, checkpoints: count(facts.opened), seq: count(rows) }),
    };
  }
  return {
    ok: true,
    rows,
    checkpoints: facts.stored,
    verifiedUpTo: rows,
    lastCheckpoint,
    failure: null,
    summary: t('auditVerify.intact', { rows: count(rows), checkpoints: count(facts.stored), seq: count(rows) }),
  };
}

/** Recomputes the audit chain and checks every checkpoint's signature and hash; worded in English unless asked. */
export async function verifyAuditLog(
  executor: Executor,
  options: { publicKey: KeyObject; checkpoint?: string; language?: Language },
): Promise<AuditVerification> {
  return describeAuditChain(await checkAuditChain(executor, options), options.language ?? 'en');
}
