/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/performance.md.
//
// 1. A covering, partial index for the search and the fit counts: only Free grafts (list_status 0),
//    keyed by type and diameter, holding every column the filter and the order read, so the
//    matching ids are found and ranked without touching the table.
// 2. `data_versions`: one row of counters that the database itself bumps (triggers) on every write
//    that can change a cached answer. `graft_data`: grafts, their files, waiting-list entries,
//    clinics, banks and memberships. `access`: users, memberships, clinics, banks, and a session's
//    end. Every writer (the API, an import from the command line, another instance) bumps them
//    without knowing about any cache.

const GRAFT_DATA_TABLES = [
  'grafts',
  'graft_files',
  'waiting_list_entries',
  'clinics',
  'eutes',
  'clinic_members',
  'eute_members',
];
const ACCESS_TABLES = ['users', 'clinic_members', 'eute_members', 'clinics', 'eutes'];
// A session changes what it grants only when it is revoked or its end moves (not at every refresh).
const SESSION_TABLE = 'refresh_token_families';
const SESSION_COLUMNS = ['revoked_at', 'expires_at', 'user_id'];

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function createSqliteTriggers(db: Kysely<any>, table: string, counter: string, columns?: string[]) {
  const update = columns ? `update of ${columns.join(', ')}` : 'update';
  for (const event of ['insert', update, 'delete']) {
    if (columns && event === 'insert') {
      continue;
    }
    const name = `${table}_${event.split(' ')[0]}_bumps_${counter}`;
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table} begin update data_versions set ${counter} = ${counter} + 1; end`,
      )
      .execute(db);
  }
}

async function createPostgresTriggers(db: Kysely<any>, table: string, counter: string, columns?: string[]) {
  const events = columns ? `update of ${columns.join(', ')} or delete` : 'insert or update or delete';
  await sql
    .raw(
      `create trigger ${table}_bumps_${counter} after ${events} on ${table} for each statement execute function bump_${counter}()`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('grafts_free_search_idx')
    .on('grafts')
    .columns(['t_prod_name_2', 't_dproximal', 't_lmax', 't_lleft', 't_lright', 'expiry_date', 'eute_id', 'e_lot', 'id'])
    .where(sql.ref('list_status'), '=', sql.lit(0))
    .execute();

  await db.schema
    .createTable('data_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('graft_data', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('access', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('data_versions_one_row', sql`id = 1`)
    .execute();
  await db.insertInto('data_versions').values({ id: 1, graft_data: 0, access: 0 }).execute();

  const postgres = isPostgres(db);
  if (postgres) {
    for (const counter of ['graft_data', 'access']) {
      await sql
        .raw(
          `create function bump_${counter}() returns trigger language plpgsql as $$ begin update data_versions set ${counter} = ${counter} + 1; return null; end $$`,
        )
        .execute(db);
    }
  }
  const create = postgres ? createPostgresTriggers : createSqliteTriggers;
  for (const table of GRAFT_DATA_TABLES) {
    await create(db, table, 'graft_data');
  }
  for (const table of ACCESS_TABLES) {
    await create(db, table, 'access');
  }
  await create(db, SESSION_TABLE, 'access', SESSION_COLUMNS);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const tables = [...new Set([...GRAFT_DATA_TABLES, ...ACCESS_TABLES, SESSION_TABLE])];
  for (const table of tables) {
    for (const counter of ['graft_data', 'access']) {
      if (postgres) {
        await sql.raw(`drop trigger if exists ${table}_bumps_${counter} on ${table}`).execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) {
          await sql.raw(`drop trigger if exists ${table}_${event}_bumps_${counter}`).execute(db);
        }
      }
    }
  }
  if (postgres) {
    await sql.raw('drop function if exists bump_graft_data(); drop function if exists bump_access()').execute(db);
  }
  await db.schema.dropTable('data_versions').execute();
  await db.schema.dropIndex('grafts_free_search_idx').execute();
}
