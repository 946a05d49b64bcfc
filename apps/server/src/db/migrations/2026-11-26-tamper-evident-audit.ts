/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/security.md, "Tamper-evident audit log".
//
// 1. Every audit row gets `seq` (1, 2, 3, ... without gaps), `prev_hash` and
//    `hash = SHA-256(prev_hash ‖ canonical bytes of the row)`. The rows of before are chained here,
//    in the order of their time and id, so that the chain covers them from the first start on.
// 2. `audit_chain_head`: one row holding the last seq; a writer moves it in its own transaction,
//    which serialises writers on both engines (docs/decisions.md, "Audit chain").
// 3. `audit_checkpoints`: signed checkpoints of the chain (C2SP tlog-checkpoint notes).
// 4. Triggers make both tables append-only: UPDATE, DELETE (and TRUNCATE on PostgreSQL) fail.
//
// The canonical bytes below are a frozen copy of modules/audit/audit.chain.ts: a migration must
// not import app code, and it must compute these bytes forever as they were on this day. A unit
// test (audit.chain.test.ts) checks that the two copies agree.

const GENESIS_HASH = '0'.repeat(64);
const BATCH = 1000;
const APPEND_ONLY_TABLES = ['audit_log', 'audit_checkpoints'];

// Selected under names without underscores: the app's migrator maps result columns to camelCase
// and a bare Kysely does not, so these names read the same either way.
interface LegacyRow {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  ttype: string;
  tid: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
}

export function legacyChainHash(prevHash: string, seq: number, row: LegacyRow): string {
  const canonical = JSON.stringify({
    action: row.action,
    actor_user_id: row.actor,
    after: row.after,
    at: row.at,
    before: row.before,
    id: row.id,
    ip: row.ip,
    seq,
    target_id: row.tid,
    target_type: row.ttype,
  });
  return createHash('sha256').update(Buffer.from(prevHash, 'hex')).update(canonical, 'utf8').digest('hex');
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function chainExistingRows(db: Kysely<any>): Promise<number> {
  let seq = 0;
  let prevHash = GENESIS_HASH;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const last: { at: string; id: string } | null = after;
    let query = db
      .selectFrom('audit_log')
      .select(['id', 'at', 'actor_user_id as actor', 'action', 'target_type as ttype', 'target_id as tid'])
      .select(['before', 'after', 'ip']);
    if (last) {
      query = query.where((eb) =>
        eb.or([eb('at', '>', last.at), eb.and([eb('at', '=', last.at), eb('id', '>', last.id)])]),
      );
    }
    const rows = (await query.orderBy('at').orderBy('id').limit(BATCH).execute()) as LegacyRow[];
    for (const row of rows) {
      seq += 1;
      const hash = legacyChainHash(prevHash, seq, row);
      await db.updateTable('audit_log').set({ seq, prev_hash: prevHash, hash }).where('id', '=', row.id).execute();
      prevHash = hash;
    }
    if (rows.length < BATCH) {
      return seq;
    }
    const tail = rows[rows.length - 1] as LegacyRow;
    after = { at: tail.at, id: tail.id };
  }
}

async function createAppendOnlyTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function audit_append_only() returns trigger language plpgsql as $$ begin raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege'; end $$`,
      )
      .execute(db);
    for (const table of APPEND_ONLY_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_append_only before update or delete on ${table} for each row execute function audit_append_only()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function audit_append_only()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of APPEND_ONLY_TABLES) {
    for (const event of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_no_${event} before ${event} on ${table} begin select raise(abort, '${table} is append-only: ${event} refused'); end`,
        )
        .execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('seq', 'bigint').execute();
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
  const size = await chainExistingRows(db);
  if (isPostgres(db)) {
    // SQLite cannot add NOT NULL to a column; there, verification counts rows without seq.
    await sql
      .raw(
        'alter table audit_log alter column seq set not null, alter column prev_hash set not null, alter column hash set not null',
      )
      .execute(db);
  }
  await db.schema.createIndex('audit_log_seq_idx').unique().on('audit_log').column('seq').execute();

  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('audit_chain_head').values({ id: 1, seq: size }).execute();

  await db.schema
    .createTable('audit_checkpoints')
    .addColumn('size', 'bigint', (c) => c.primaryKey())
    .addColumn('root_hash', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .execute();

  await createAppendOnlyTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of APPEND_ONLY_TABLES) {
      await sql.raw(`drop trigger if exists ${table}_append_only on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_no_truncate on ${table}`).execute(db);
    }
    await sql.raw('drop function if exists audit_append_only()').execute(db);
  } else {
    for (const table of APPEND_ONLY_TABLES) {
      await sql.raw(`drop trigger if exists ${table}_no_update`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_no_delete`).execute(db);
    }
  }
  await db.schema.dropTable('audit_checkpoints').execute();
  await db.schema.dropTable('audit_chain_head').execute();
  await db.schema.dropIndex('audit_log_seq_idx').execute();
  for (const column of ['hash', 'prev_hash', 'seq']) {
    await db.schema.alterTable('audit_log').dropColumn(column).execute();
  }
}
