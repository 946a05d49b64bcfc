/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code, and uses only types both
// SQLite and PostgreSQL accept.
// - Primary keys are text UUIDs, made by the application (crypto.randomUUID()).
// - Booleans are integer 0/1 (SQLite has none; one representation for both engines).
// - Dates are text 'yyyy-mm-dd'; timestamps are text ISO-8601 UTC with Z (Date#toISOString(),
//   fixed width, so comparing text compares time).
// - Millimetre dimensions are double precision; JSON (audit before/after) is text.
// - Names are snake_case; the application sees camelCase through Kysely's CamelCasePlugin.

const STEPS = [
  'decellularization',
  'release',
  'assignment',
  'delivery',
  'implantation',
  'expiry',
  'traceability_report',
] as const;

const DIMENSIONS = ['t_dproximal', 't_ddistal', 't_lmin', 't_lmax', 't_lleft', 't_lright', 't_dleft', 't_dright'];

const FILE_KINDS = ['photos', 'releaseStatements', 'allocationNotes', 'deliveryNotes', 'dicom', 'factsheet', 'stl'];

/** A 0/1 column with a check constraint named `<table>_<column>_flag`. */
function flag<T extends string>(table: CreateTableBuilder<T>, tableName: string, name: string, byDefault: 0 | 1) {
  return table
    .addColumn(name, 'integer', (c) => c.notNull().defaultTo(byDefault))
    .addCheckConstraint(`${tableName}_${name}_flag`, sql`${sql.ref(name)} in (0, 1)`);
}

function timestamps<T extends string>(table: CreateTableBuilder<T>) {
  return table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

function inList(values: readonly string[]) {
  return sql.join(values.map((value) => sql.lit(value)));
}

export async function up(db: Kysely<any>): Promise<void> {
  let users = db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('title', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('two_factor_target', 'text', (c) => c.notNull())
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('password_changed_at', 'text')
    .addCheckConstraint('users_email_lowercase', sql`email = lower(email)`)
    .addCheckConstraint('users_language', sql`language in (${inList(['en', 'de'])})`);
  users = flag(flag(flag(users, 'users', 'active', 1), 'users', 'admin', 0), 'users', 'audit', 0);
  await timestamps(users).execute();

  await timestamps(
    flag(
      db.schema
        .createTable('clinics')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('c_name', 'text', (c) => c.notNull().unique()),
      'clinics',
      'active',
      1,
    ),
  ).execute();

  let eutes = db.schema
    .createTable('eutes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('eute_number', 'text');
  eutes = flag(eutes, 'eutes', 'active', 1);
  for (const column of ['address', 'housenumber', 'zipcode', 'city', 'country', 'email', 'phone']) {
    eutes = eutes.addColumn(column, 'text');
  }
  await timestamps(eutes).execute();

  for (const [table, other] of [
    ['clinic_members', 'clinic'],
    ['eute_members', 'eute'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(`${other}_id`, 'text', (c) => c.notNull().references(`${other}s.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', `${other}_id`])
      .execute();
    await db.schema.createIndex(`${table}_${other}_idx`).on(table).column(`${other}_id`).execute();
  }

  let grafts = db.schema
    .createTable('grafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('e_lot', 'text', (c) => c.notNull().unique())
    .addColumn('x_lot', 'text')
    .addColumn('t_lot', 'text')
    .addColumn('t_prod_name_2', 'integer', (c) => c.notNull())
    .addCheckConstraint('grafts_type', sql`t_prod_name_2 between 1 and 8`);
  for (const dimension of DIMENSIONS) {
    grafts = grafts.addColumn(dimension, 'double precision');
  }
  for (const column of [
    'i_min',
    'i_max',
    'a_implant_plan',
    'd_remarks_public',
    'x_remarks_public',
    'patient_initial',
  ]) {
    grafts = grafts.addColumn(column, 'text');
  }
  grafts = grafts.addColumn('patient_month', 'integer').addColumn('patient_year', 'integer');
  for (const column of [
    'physician_name',
    'physician_email',
    'physician_phone',
    'processed_until',
    'a_allo_note',
    'a_deliver_note',
    'x_sec',
    'e_name',
    'e_email',
    'a_requestor',
    'c_name',
  ]) {
    grafts = grafts.addColumn(column, 'text');
  }
  for (const step of STEPS) {
    grafts = grafts
      .addColumn(`${step}_status`, 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn(`${step}_out`, 'text')
      .addCheckConstraint(`grafts_${step}_status`, sql`${sql.ref(`${step}_status`)} in (0, 1, 2)`);
  }
  grafts = grafts
    .addColumn('eute_id', 'text', (c) => c.notNull().references('eutes.id'))
    .addColumn('clinic_id', 'text', (c) => c.references('clinics.id'))
    // The list status as of writing, ignoring the passage of time (the graft treated as not
    // expired); null while still in processing, in no list. Readers also compare expiry_date with
    // today: a Free (0) or Current (1) row whose expiry_date < today counts as Archive (2).
    .addColumn('list_status', 'integer')
    .addCheckConstraint('grafts_list_status', sql`list_status in (0, 1, 2)`)
    // Copy of expiry_out, for ordering ("first expired, first out") and filtering.
    .addColumn('expiry_date', 'text');
  await timestamps(grafts).execute();
  // Serves the physician search (docs/decisions.md §6): type, Free, then a range on the diameter.
  await db.schema
    .createIndex('grafts_search_idx')
    .on('grafts')
    .columns(['t_prod_name_2', 'list_status', 't_dproximal'])
    .execute();
  await db.schema.createIndex('grafts_eute_status_idx').on('grafts').columns(['eute_id', 'list_status']).execute();
  await db.schema.createIndex('grafts_clinic_status_idx').on('grafts').columns(['clinic_id', 'list_status']).execute();

  await db.schema
    .createTable('graft_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('graft_id', 'text', (c) => c.notNull().references('grafts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('graft_files_kind', sql`kind in (${inList(FILE_KINDS)})`)
    .addUniqueConstraint('graft_files_graft_kind_name_unique', ['graft_id', 'kind', 'name'])
    .execute();

  let waitingList = db.schema
    .createTable('waiting_list_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id'))
    .addColumn('query_type', 'integer', (c) => c.notNull());
  for (const bound of ['query_d_min', 'query_d_max', 'query_l_min', 'query_l_l_min', 'query_l_r_min']) {
    waitingList = waitingList.addColumn(bound, 'double precision', (c) => c.notNull());
  }
  waitingList = waitingList
    .addColumn('physician_name', 'text')
    .addColumn('physician_email', 'text')
    .addColumn('physician_phone', 'text')
    .addColumn('patient_code', 'text', (c) => c.notNull())
    .addColumn('query_i_min', 'text', (c) => c.notNull())
    .addColumn('query_i_max', 'text', (c) => c.notNull())
    .addColumn('query_timestamp', 'text', (c) => c.notNull())
    // Removing an entry closes it; the row stays for the audit trail.
    .addColumn('closed_at', 'text');
  await timestamps(waitingList).execute();
  await db.schema
    .createIndex('waiting_list_open_idx')
    .on('waiting_list_entries')
    .columns(['closed_at', 'query_i_min'])
    .execute();
  await db.schema.createIndex('waiting_list_owner_idx').on('waiting_list_entries').column('owner_user_id').execute();

  await db.schema
    .createTable('refresh_token_families')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_token_families_user_idx')
    .on('refresh_token_families')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull().references('refresh_token_families.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('voided_at', 'text')
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_idx').on('two_factor_challenges').column('user_id').execute();

  await db.schema
    .createTable('recovery_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addCheckConstraint('recovery_tokens_purpose', sql`purpose in (${inList(['recovery', 'invite'])})`)
    .execute();
  await db.schema.createIndex('recovery_tokens_user_idx').on('recovery_tokens').column('user_id').execute();

  await db.schema
    .createTable('import_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('importer', 'text', (c) => c.notNull())
    .addColumn('log', 'text', (c) => c.notNull())
    .addColumn('import_type', 'text', (c) => c.notNull())
    .addColumn('import_source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_logs_date_idx').on('import_logs').column('date').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // No foreign key: audit rows outlive the users they mention.
    .addColumn('actor_user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_user_id').execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').column('action').execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'import_logs',
    'recovery_tokens',
    'two_factor_challenges',
    'refresh_tokens',
    'refresh_token_families',
    'waiting_list_entries',
    'graft_files',
    'grafts',
    'eute_members',
    'clinic_members',
    'eutes',
    'clinics',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
