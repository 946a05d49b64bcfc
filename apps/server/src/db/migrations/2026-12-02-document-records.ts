/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/decisions.md, "Records".
//
// 1. Two kinds of their own: traceability reports (until now filed with the delivery notes) and
//    vigilance reports (filed with the release statements). The kind's check constraint takes
//    them; on SQLite, which cannot change a check constraint, the table is built again.
// 2. Versions: `generated` (the app made the file), `version`, `supersedes_id` (the version it
//    replaced, at most once: a unique index) and `reason`.
// 3. Existing rows: a file the audit log says the app generated is marked so; generated traceability
//    reports and vigilance PDFs move to their kinds; a generated document made again ("name (2).pdf")
//    becomes the next version of the one before, oldest first (no reason was asked then).

const OLD_KINDS = ['photos', 'releaseStatements', 'allocationNotes', 'deliveryNotes', 'dicom', 'factsheet', 'stl'];
const NEW_KINDS = [...OLD_KINDS, 'traceabilityReports', 'vigilanceReports'];
/** The English file name every traceability report was filed under (`Traceability_report_<lot>.pdf`). */
const TRACEABILITY_PREFIX = 'Traceability_report_';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const kindList = (kinds: readonly string[]) => kinds.map((kind) => `'${kind}'`).join(', ');

const BASE_COLUMNS = ['id', 'graft_id', 'kind', 'name', 'size', 'content_type', 'storage_key', 'created_at'];
const VERSION_COLUMNS = ['generated', 'version', 'supersedes_id', 'reason'];

function createStatement(table: string, kinds: readonly string[], withVersions: boolean): string {
  const versions = withVersions
    ? ', "generated" integer default 0 not null, "version" integer default 1 not null, "supersedes_id" text references "graft_files" ("id"), "reason" text' +
      ', constraint "graft_files_generated_flag" check (generated in (0, 1)), constraint "graft_files_version" check (version >= 1)'
    : '';
  return (
    `create table "${table}" ("id" text primary key, "graft_id" text not null references "grafts" ("id") on delete cascade, ` +
    `"kind" text not null, "name" text not null, "size" bigint not null, "content_type" text not null, "storage_key" text not null, ` +
    `"created_at" text not null${versions}, constraint "graft_files_kind" check (kind in (${kindList(kinds)})), ` +
    `constraint "graft_files_graft_kind_name_unique" unique ("graft_id", "kind", "name"))`
  );
}

/**
 * SQLite: builds graft_files again (docs: sqlite.org/lang_altertable.html, "other kinds of table
 * schema changes"), keeping its indexes and triggers. No table references graft_files but itself.
 */
async function rebuildSqlite(db: Kysely<any>, kinds: readonly string[], withVersions: boolean) {
  const { rows: dependents } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'graft_files' and type in ('index', 'trigger') and sql is not null`.execute(db);
  await sql.raw(createStatement('graft_files_new', kinds, withVersions)).execute(db);
  const columns = BASE_COLUMNS.map((column) => `"${column}"`).join(', ');
  await sql.raw(`insert into graft_files_new (${columns}) select ${columns} from graft_files`).execute(db);
  await sql.raw('drop table graft_files').execute(db);
  await sql.raw('alter table graft_files_new rename to graft_files').execute(db);
  for (const dependent of dependents) {
    await sql.raw(dependent.sql).execute(db);
  }
}

/** `name (2).pdf` → `name.pdf`: the name a generated document was first filed under. */
function firstName(name: string): string {
  return name.replace(/ \(\d+\)(\.[^.]*)?$/, '$1');
}

async function markGenerated(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('graft_files')
    .set({ generated: 1 })
    .where(
      'id',
      'in',
      db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'graft.file.generate')
        .where('target_id', 'is not', null),
    )
    .execute();
  await db
    .updateTable('graft_files')
    .set({ kind: 'traceabilityReports' })
    .where('generated', '=', 1)
    .where('kind', '=', 'deliveryNotes')
    .where('name', 'like', `${TRACEABILITY_PREFIX}%`)
    .execute();
  await db
    .updateTable('graft_files')
    .set({ kind: 'vigilanceReports' })
    .where('generated', '=', 1)
    .where('kind', '=', 'releaseStatements')
    .execute();
}

async function chainVersions(db: Kysely<any>): Promise<void> {
  const rows: { id: string; graft_id: string; kind: string; name: string }[] = await db
    .selectFrom('graft_files')
    .select(['id', 'graft_id', 'kind', 'name'])
    .where('generated', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const previous = new Map<string, { id: string; version: number }>();
  for (const row of rows) {
    const series = `${row.graft_id}/${row.kind}/${firstName(row.name)}`;
    const before = previous.get(series);
    if (before) {
      const version = before.version + 1;
      await db.updateTable('graft_files').set({ version, supersedes_id: before.id }).where('id', '=', row.id).execute();
      previous.set(series, { id: row.id, version });
    } else {
      previous.set(series, { id: row.id, version: 1 });
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('alter table graft_files drop constraint graft_files_kind').execute(db);
    await sql
      .raw(`alter table graft_files add constraint graft_files_kind check (kind in (${kindList(NEW_KINDS)}))`)
      .execute(db);
    await db.schema
      .alterTable('graft_files')
      .addColumn('generated', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`generated in (0, 1)`),
      )
      .addColumn('version', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`version >= 1`),
      )
      .addColumn('supersedes_id', 'text', (c) => c.references('graft_files.id'))
      .addColumn('reason', 'text')
      .execute();
  } else {
    await rebuildSqlite(db, NEW_KINDS, true);
  }
  await db.schema
    .createIndex('graft_files_supersedes_unique')
    .unique()
    .on('graft_files')
    .column('supersedes_id')
    .where(sql.ref('supersedes_id'), 'is not', null)
    .execute();
  await markGenerated(db);
  await chainVersions(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('graft_files')
    .set({ kind: 'deliveryNotes' })
    .where('kind', '=', 'traceabilityReports')
    .execute();
  await db
    .updateTable('graft_files')
    .set({ kind: 'releaseStatements' })
    .where('kind', '=', 'vigilanceReports')
    .execute();
  await db.schema.dropIndex('graft_files_supersedes_unique').execute();
  if (isPostgres(db)) {
    for (const column of VERSION_COLUMNS) {
      await db.schema.alterTable('graft_files').dropColumn(column).execute();
    }
    await sql.raw('alter table graft_files drop constraint graft_files_kind').execute(db);
    await sql
      .raw(`alter table graft_files add constraint graft_files_kind check (kind in (${kindList(OLD_KINDS)}))`)
      .execute(db);
  } else {
    await rebuildSqlite(db, OLD_KINDS, false);
  }
}
