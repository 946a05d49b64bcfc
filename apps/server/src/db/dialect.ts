import { PostgresAdapter, sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DatabaseEngine } from './database';
import type { Executor } from './executor';

// The few places where SQLite and PostgreSQL differ, so repositories stay engine-neutral.

const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const PG_UNIQUE_VIOLATION = '23505';
const SQLITE_FOREIGN_KEY_CODE = 'SQLITE_CONSTRAINT_FOREIGNKEY';
const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The driver's error code: better-sqlite3 names it (SQLITE_...), pg gives the SQLSTATE. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      return code;
    }
  }
  return undefined;
}

/** True when a unique or primary-key constraint refused the write, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (SQLITE_UNIQUE_CODES.has(code) || code === PG_UNIQUE_VIOLATION);
}

/** True when a foreign-key constraint refused the write, on either engine. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === SQLITE_FOREIGN_KEY_CODE || code === PG_FOREIGN_KEY_VIOLATION;
}

/** Ids for an `in` list: PostgreSQL refuses an empty one, so none becomes an id no row has. */
export const nonEmpty = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['-']);

/** Escapes LIKE wildcards so user text matches literally (used with `escape '\'`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `value` contains `needle`, ignoring case. SQLite's LIKE ignores case but PostgreSQL's does not
 * (it has ILIKE, which SQLite lacks), so both sides are lowered: the same SQL on both engines.
 * SQLite's lower() folds ASCII only; PostgreSQL's folds all letters.
 */
export function containsIgnoringCase(value: Expression<string | null>, needle: string): Expression<SqlBool> {
  const pattern = `%${escapeLikePattern(needle.toLowerCase())}%`;
  return sql<SqlBool>`lower(${value}) like ${pattern} escape '\\'`;
}

/**
 * Text in the order of its code units, as the domain sorts it (`byCodeUnits`): SQLite's default
 * (BINARY) already; PostgreSQL's default is the database's collation, which may be a language's
 * (`en_US` puts "a" before "B"), so there it is collated "C".
 */
export function inCodeUnitOrder(engine: DatabaseEngine, text: Expression<string>): RawBuilder<string> {
  return engine === 'postgres' ? sql<string>`${text} collate "C"` : sql<string>`${text}`;
}

/** The engine behind a Kysely instance or transaction, for the few statements only one engine has. */
export function engineOf(executor: { getExecutor(): { readonly adapter: unknown } }): DatabaseEngine {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Rows to claim for work (the mail outbox): on PostgreSQL `FOR UPDATE SKIP LOCKED`, so several
 * instances claiming at once each take other rows and none waits for another. SQLite has no row
 * locks; one statement (or transaction) writes at a time, so its claim is a single claimer.
 */
export function skipLockedRows<D, T extends keyof D, O>(
  engine: DatabaseEngine,
  query: SelectQueryBuilder<D, T, O>,
): SelectQueryBuilder<D, T, O> {
  return engine === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * Rows read to decide a change on them (a vigilance report's quarantine): on PostgreSQL
 * `FOR UPDATE`, so a second transaction, on this or another instance, waits for the first to end
 * and then reads what it wrote. SQLite writes one transaction at a time, so there the read inside
 * the transaction already sees every earlier writer's commit.
 */
export function lockedForChange<D, T extends keyof D, O>(
  engine: DatabaseEngine,
  query: SelectQueryBuilder<D, T, O>,
): SelectQueryBuilder<D, T, O> {
  return engine === 'postgres' ? query.forUpdate() : query;
}

/**
 * Tells PostgreSQL's planner what a table holds now. After many rows changed at once it plans from
 * the statistics of before until autovacuum analyzes the table, up to a minute later or never where
 * autovacuum is off: at 100,000 grafts planned on the statistics of 200, an uncached search took
 * 62 ms instead of 12 (docs/performance.md). SQLite keeps statistics only when asked, and its plans
 * were measured without them, so it is left as it is.
 */
export async function refreshPlannerStatistics(executor: Executor, table: 'grafts'): Promise<void> {
  if (engineOf(executor) === 'postgres') {
    await sql`analyze ${sql.table(table)}`.execute(executor);
  }
}
