/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// A file's name is unique per graft and kind (the initial migration's `graft_files_graft_kind_name_unique`),
// no longer across all grafts: a name taken by another bank's graft must neither be refused nor
// turned into `name (2).ext`, which told the uploader that the other bank holds such a file.
// `getfile/{type}/{name}` takes `?lot=` for the caller who sees several.
//
// Stored names are brought under the rule uploads now follow (docs/security.md, "Text, file names
// and request limits"): no control characters or bidirectional overrides, and at most 100
// characters as the router counts a path segment, so that each can be downloaded and deleted.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;
const ENCODED_IN_PATHS = /[#$%&+,/:;=?@]/g;
const MAX_SEGMENT = 100;
const MAX_ENDING = 16;

const routed = (text: string) => text.length + 2 * (text.match(ENCODED_IN_PATHS)?.length ?? 0);

function fitted(stem: string, ending: string): string {
  let budget = MAX_SEGMENT - routed(ending);
  let kept = '';
  for (const character of stem) {
    budget -= routed(character);
    if (budget < 0) {
      break;
    }
    kept += character;
  }
  return kept.trimEnd() + ending;
}

function parts(name: string): { stem: string; ending: string } {
  const dot = name.lastIndexOf('.');
  const ending = dot > 0 && routed(name.slice(dot)) <= MAX_ENDING ? name.slice(dot) : '';
  return { stem: name.slice(0, name.length - ending.length), ending };
}

/** Renames every stored file whose name breaks the rule; a clash within its graft and kind gets ` (n)`. */
export async function renameUnfitFileNames(db: Kysely<any>): Promise<void> {
  const rows: { id: string; graft_id: string; kind: string; name: string }[] = await db
    .selectFrom('graft_files')
    .select(['id', 'graft_id', 'kind', 'name'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Map<string, Set<string>>();
  for (const row of rows) {
    const names = taken.get(`${row.graft_id}/${row.kind}`) ?? new Set<string>();
    taken.set(`${row.graft_id}/${row.kind}`, names.add(row.name));
  }
  for (const row of rows) {
    const { stem, ending } = parts(row.name.replace(FORBIDDEN, '_'));
    let name = fitted(stem, ending);
    if (name === row.name) {
      continue;
    }
    const names = taken.get(`${row.graft_id}/${row.kind}`)!;
    for (let counter = 2; names.has(name); counter += 1) {
      name = fitted(stem, ` (${counter})${ending}`);
    }
    names.delete(row.name);
    names.add(name);
    await db.updateTable('graft_files').set({ name }).where('id', '=', row.id).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('graft_files_kind_name_unique').execute();
  await db.schema.createIndex('graft_files_kind_name_idx').on('graft_files').columns(['kind', 'name']).execute();
  await renameUnfitFileNames(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('graft_files_kind_name_idx').execute();
  // Fails while two grafts hold a file of the same kind and name; rename one of them first.
  await db.schema
    .createIndex('graft_files_kind_name_unique')
    .on('graft_files')
    .columns(['kind', 'name'])
    .unique()
    .execute();
}
