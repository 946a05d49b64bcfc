/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/decisions.md "Quarantine".
//
// `grafts.quarantine_report_id`: the vigilance report whose quarantine holds the graft, so a lift
// releases exactly those grafts whatever the report's list of lots says. No foreign key, so that
// SQLite can drop the column again; the service writes only ids of existing reports.
//
// Grafts quarantined before are linked here: first to the quarantine in force whose list names
// them, then a quarantined graft no list names to the quarantine in force of its donation (the
// report whose list two quarantines at once emptied), whose list is then written anew. Grafts of a
// donation whose quarantine was lifted, yet still quarantined, stay unlinked: an admin releases
// them (`POST /api/vigilance/quarantine/release-orphaned`, docs/operations.md).

// Results are read under one-word names: the app's migrator may turn snake_case result names into camelCase.
interface Quarantine {
  id: string;
  graft: string;
  lots: string | null;
  sec: string | null;
}

/** The SEC's donation identification (EU TE code and donation number): its first 21 characters. */
function donationOf(sec: string | null): string | null {
  const bare = (sec ?? '').replaceAll(' ', '').toUpperCase();
  return bare.length === 40 ? bare.slice(0, 21) : null;
}

const bareSec = sql<string>`substr(upper(replace(x_sec, ' ', '')), 1, 21)`;

/** The listed, quarantined grafts of the report's donation (only its graft without a readable SEC). */
function quarantinedOfDonation(db: Kysely<any>, report: Quarantine) {
  const donation = donationOf(report.sec);
  const query = db
    .selectFrom('grafts')
    .select(['id', 'e_lot as lot'])
    .where('quarantined', '=', 1)
    .where('list_status', 'is not', null);
  return (donation === null ? query.where('id', '=', report.graft) : query.where(bareSec, '=', donation)).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grafts').addColumn('quarantine_report_id', 'text').execute();
  await db.schema.createIndex('grafts_quarantine_report_idx').on('grafts').column('quarantine_report_id').execute();

  const inForce: Quarantine[] = await db
    .selectFrom('vigilance_reports as r')
    .innerJoin('grafts as g', 'g.id', 'r.graft_id')
    .select(['r.id as id', 'r.graft_id as graft', 'r.quarantine_lots as lots', 'g.x_sec as sec'])
    .where('r.quarantined_at', 'is not', null)
    .where('r.quarantine_lifted_at', 'is', null)
    .orderBy('r.quarantined_at', 'desc')
    .orderBy('r.id')
    .execute();
  const linked = new Map<string, string>();
  for (const pass of ['listed', 'donation'] as const) {
    for (const report of inForce) {
      const lots = new Set(JSON.parse(report.lots ?? '[]') as string[]);
      const taken = (await quarantinedOfDonation(db, report)).filter(
        (graft) => !linked.has(graft.id) && (pass === 'donation' || lots.has(graft.lot)),
      );
      for (const graft of taken) {
        linked.set(graft.id, report.id);
      }
      if (taken.length > 0) {
        await db
          .updateTable('grafts')
          .set({ quarantine_report_id: report.id })
          .where(
            'id',
            'in',
            taken.map((graft) => graft.id),
          )
          .execute();
      }
      if (pass === 'donation' && taken.length > 0) {
        const all = [...lots, ...taken.map((graft) => graft.lot)];
        await db
          .updateTable('vigilance_reports')
          .set({ quarantine_lots: JSON.stringify([...new Set(all)].sort()) })
          .where('id', '=', report.id)
          .execute();
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('grafts_quarantine_report_idx').execute();
  await db.schema.alterTable('grafts').dropColumn('quarantine_report_id').execute();
}
