/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time (see 2026-11-21-initial.ts for the storage conventions). Graft requests
// (docs/api.md "Graft requests"): one row per request with its state and deadline; at most one
// request holds a graft (reserved to delivered), and a physician has one open request per graft.
// Tissue banks get a lead time in days (default 2).

const HOLDING = sql<boolean>`state in ('reserved', 'confirmed', 'assigned', 'delivered')`;
const OPEN = sql<boolean>`state in ('requested', 'reserved', 'confirmed', 'assigned', 'delivered')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('graft_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('graft_id', 'text', (c) => c.notNull().references('grafts.id'))
    .addColumn('eute_id', 'text', (c) => c.notNull().references('eutes.id'))
    .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id'))
    .addColumn('requester_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('waiting_list_entry_id', 'text', (c) => c.references('waiting_list_entries.id'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`state in ('requested', 'reserved', 'confirmed', 'assigned', 'delivered', 'implanted', 'returned', 'declined', 'lapsed', 'withdrawn')`,
        ),
    )
    .addColumn('note', 'text')
    .addColumn('reason', 'text')
    .addColumn('deadline', 'text')
    .addColumn('implanted_on', 'text')
    .addColumn('patient_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('graft_requests_holding_idx')
    .unique()
    .on('graft_requests')
    .column('graft_id')
    .where(HOLDING)
    .execute();
  await db.schema
    .createIndex('graft_requests_open_per_requester_idx')
    .unique()
    .on('graft_requests')
    .columns(['graft_id', 'requester_user_id'])
    .where(OPEN)
    .execute();
  await db.schema.createIndex('graft_requests_eute_idx').on('graft_requests').columns(['eute_id', 'state']).execute();
  await db.schema
    .createIndex('graft_requests_requester_idx')
    .on('graft_requests')
    .column('requester_user_id')
    .execute();
  await db.schema
    .createIndex('graft_requests_deadline_idx')
    .on('graft_requests')
    .columns(['state', 'deadline'])
    .execute();

  await db.schema
    .alterTable('eutes')
    .addColumn('lead_time_days', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('eutes').dropColumn('lead_time_days').execute();
  await db.schema.dropTable('graft_requests').execute();
}
