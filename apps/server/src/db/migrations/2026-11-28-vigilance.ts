/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/api.md "Vigilance" and
// docs/decisions.md "Vigilance" and "Quarantine".
//
// `vigilance_reports`: one row per serious adverse reaction or event report; the annexes' parts
// are JSON text (`notification` part A, `confirmation` part B), the state and deadlines columns,
// so lists and the reminder job filter on them. `grafts.quarantined`: a graft a report took out of
// search and matching; the Free search index leaves quarantined grafts out, as the search does.

const FREE_SEARCH_COLUMNS = [
  't_prod_name_2',
  't_dproximal',
  't_lmax',
  't_lleft',
  't_lright',
  'expiry_date',
  'eute_id',
  'e_lot',
  'id',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('grafts')
    .addColumn('quarantined', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('grafts_free_search_idx').execute();
  await db.schema
    .createIndex('grafts_free_search_idx')
    .on('grafts')
    .columns(FREE_SEARCH_COLUMNS)
    .where(sql<boolean>`list_status = 0 and quarantined = 0`)
    .execute();
  await db.schema
    .createTable('vigilance_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('SAR', 'SAE')`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('draft', 'notified', 'confirmed')`))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('graft_id', 'text', (c) => c.notNull().references('grafts.id'))
    .addColumn('eute_id', 'text', (c) => c.notNull().references('eutes.id'))
    .addColumn('clinic_id', 'text', (c) => c.references('clinics.id'))
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('discovered_at', 'text', (c) => c.notNull())
    .addColumn('notification_deadline', 'text', (c) => c.notNull())
    .addColumn('confirmation_deadline', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('notification', 'text', (c) => c.notNull())
    .addColumn('confirmation', 'text', (c) => c.notNull())
    .addColumn('quarantined_at', 'text')
    .addColumn('quarantine_lots', 'text')
    .addColumn('quarantine_lifted_at', 'text')
    .addColumn('quarantine_lift_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A bank's list, newest first; the reminder job's open reports; a graft's reports.
  await db.schema
    .createIndex('vigilance_reports_eute_created_idx')
    .on('vigilance_reports')
    .columns(['eute_id', 'created_at'])
    .execute();
  await db.schema.createIndex('vigilance_reports_state_idx').on('vigilance_reports').column('state').execute();
  await db.schema.createIndex('vigilance_reports_graft_idx').on('vigilance_reports').column('graft_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vigilance_reports').execute();
  await db.schema.dropIndex('grafts_free_search_idx').execute();
  await db.schema
    .createIndex('grafts_free_search_idx')
    .on('grafts')
    .columns(FREE_SEARCH_COLUMNS)
    .where(sql.ref('list_status'), '=', sql.lit(0))
    .execute();
  await db.schema.alterTable('grafts').dropColumn('quarantined').execute();
}
