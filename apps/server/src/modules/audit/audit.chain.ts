import { hash } from 'node:crypto';
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
  return Buffer.from(canonicalAuditText(row), 'utf8');
}

const json = JSON.stringify;

/**
 * The same JSON as `JSON.stringify` of an object with these keys in this order, written out key by
 * key: verification builds it a million times, and this way skips the object (docs/performance.md).
 */
function canonicalAuditText(row: ChainedFields): string {
  return (
    `{"action":${json(row.action)},"actor_user_id":${json(row.actorUserId)},"after":${json(row.after)},` +
    `"at":${json(row.at)},"before":${json(row.before)},"id":${json(row.id)},"ip":${json(row.ip)},` +
    `"seq":${json(row.seq)},"target_id":${json(row.targetId)},"target_type":${json(row.targetType)}}`
  );
}

// One buffer for the hash input, reused: a one-shot hash of it costs half of createHash() per row.
let input = Buffer.alloc(4096);

/** `SHA-256(prev_hash ‖ canonical bytes)`, hex; prev_hash enters as its 32 bytes. */
export function chainHash(prevHash: string, row: ChainedFields): string {
  const text = canonicalAuditText(row);
  // A UTF-16 code unit is at most 3 UTF-8 bytes, so the text always fits.
  if (input.length < 32 + text.length * 3) {
    input = Buffer.alloc(32 + text.length * 3);
  }
  if (input.write(prevHash, 0, 'hex') !== 32) {
    return 'invalid previous hash';
  }
  const length = input.write(text, 32, 'utf8');
  return hash('sha256', input.subarray(0, 32 + length), 'hex');
}
