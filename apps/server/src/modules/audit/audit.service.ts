import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditTargetType } from '@graftmatch/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/types';
import { appendAuditRows, type UnchainedAuditRow } from './audit.repository';

/** What happened, by whom, to what. `before`/`after` are plain data that is turned into JSON. */
export interface AuditEntry {
  actorUserId: string | null;
  /** One of the domain's audit actions (packages/domain, audit vocabulary). */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
  /** When it happened; the app clock in tests. Defaults to now. */
  at?: Date;
}

// Secrets never belong in the audit log. Callers must not pass them; a row dumped whole by
// mistake (e.g. a user row with its passwordHash) still must not leak, so matching keys are masked.
const SECRET_KEY = /password|secret|token|hash|^pin$|^pinHash$/i;

function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(maskSecrets);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[redacted]' : maskSecrets(inner)]),
    );
  }
  return value;
}

function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(maskSecrets(value));
}

/**
 * Writes one audit row with `executor`, which should be the transaction of the change it
 * records, so that the change and its audit row commit or fail together (docs/decisions.md §11).
 * The row joins the hash chain there (docs/security.md, "Tamper-evident audit log").
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await appendAuditRows(executor, [entry], toRow);
}

/** Many audit rows of one change (a graft import), in the same transaction as the change. */
export async function recordAudits(executor: Executor, entries: readonly AuditEntry[]): Promise<void> {
  await appendAuditRows(executor, entries, toRow);
}

/**
 * A change to the caller's own account (settings, alert preferences) with its audit row, in one
 * transaction: the account as `read` before and after `write` becomes the row's before and after.
 */
export function auditedOwnChange<T>(
  db: Kysely<DB>,
  actor: { userId: string; ip: string | null; at: Date },
  action: AuditAction,
  change: { read: (trx: Transaction<DB>) => Promise<T>; write: (trx: Transaction<DB>) => Promise<void> },
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const before = await change.read(trx);
    await change.write(trx);
    const after = await change.read(trx);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'user',
      targetId: actor.userId,
      before,
      after,
      ip: actor.ip,
      at: actor.at,
    });
    return after;
  });
}

function toRow(entry: AuditEntry): UnchainedAuditRow {
  return {
    id: randomUUID(),
    at: (entry.at ?? new Date()).toISOString(),
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: toJson(entry.before),
    after: toJson(entry.after),
    ip: entry.ip,
  };
}
