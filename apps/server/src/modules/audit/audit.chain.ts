import { createHash } from 'node:crypto';
import type { AuditLogRow } from '../../db/types';

// The audit log is a hash chain (docs/security.md, "Tamper-evident audit log"): row n stores
// `hash = SHA-256(prev_hash ‖ canonical bytes of row n)`, with prev_hash the hash of row n-1.
// The migration that chained the rows of before (2026-11-26-tamper-evident-audit) keeps its own copy of
// these two functions, frozen; a unit test holds both to the same bytes.

/** The previous hash of the first row: 32 zero bytes, in hex like every stored hash. */
export const GENESIS_HASH = '0'.repeat(64);

/** The columns of an audit row that the chain covers (`at` is ISO-8601 UTC text). */
export type ChainedFields = Omit<AuditLogRow, 'prevHash' | 'hash'>;

/**
 * The row as UTF-8 JSON with its keys in sorted order (the SQL column names). Text columns go in
 * as stored, byte for byte: the writer stores `at` as Date#toISOString() (UTC, milliseconds, Z).
 */
export function canonicalAuditBytes(row: ChainedFields): Buffer {
  const fields: Record<string, string | number | null> = {
    action: row.action,
    actor_user_id: row.actorUserId,
    after: row.after,
    at: row.at,
    before: row.before,
    id: row.id,
    ip: row.ip,
    seq: row.seq,
    target_id: row.targetId,
    target_type: row.targetType,
  };
  return Buffer.from(JSON.stringify(fields), 'utf8');
}

/** `SHA-256(prev_hash ‖ canonical bytes)`, hex; prev_hash enters as its 32 bytes. */
export function chainHash(prevHash: string, row: ChainedFields): string {
  return createHash('sha256').update(Buffer.from(prevHash, 'hex')).update(canonicalAuditBytes(row)).digest('hex');
}
