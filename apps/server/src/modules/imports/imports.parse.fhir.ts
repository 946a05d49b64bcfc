import { IMPORT_MAX_ROWS, type ImportCell } from '@graftmatch/domain';
import { badRequest } from '../../http/problem';
import { isJsonObject, productToRecord, type Json } from '../fhir/fhir.product-record';
import { ROW_KEYS } from './imports.columns';
import { tooManyRows } from './imports.limits';
import { JsonPiece, JsonPosition, MAX_IGNORED_NAMES, jsonUnreadable } from './imports.parse.text';
import type { RowSink, SourceRow } from './imports.parse.rows';

// A FHIR R5 Bundle of BiologicallyDerivedProducts (docs/fhir.md "Import"), read as it streams in:
// each entry is cut out of the text and parsed on its own, so the Bundle is never held whole.
// The Bundle's other members (type, timestamp, …) are small and parsed as they end.

const notABundle = () => badRequest({ key: 'problem.imports.notABundle' });

/**
 * The entries of the Bundle `text` holds, each as its own text; the Bundle's other members go
 * into `members` as each one ends. A member named `entry` whose value is an array is cut into
 * its elements, at the commas and the closing bracket outside strings and nested values.
 */
export async function* bundleEntries(text: AsyncIterable<string>, members: Json): AsyncGenerator<string> {
  let state = 'open' as 'open' | 'members' | 'entries' | 'closed';
  const member = new JsonPiece('a member of the Bundle');
  const entry = new JsonPiece('a Bundle entry');
  const position = new JsonPosition();
  let entries = 0;
  // Only the end of the entry array leaves an empty member behind it; anywhere else one is missing.
  let afterEntries = false;
  let membersSeen = 0;
  const endMember = (char: string) => {
    const value = member.cut();
    const wasAfterEntries = afterEntries;
    afterEntries = false;
    if (value === null) {
      if (!wasAfterEntries && (char === ',' || membersSeen > 0)) {
        throw jsonUnreadable(`a member of the Bundle is missing before ${char}`);
      }
      return;
    }
    membersSeen += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(`{${value}}`);
    } catch (error) {
      throw jsonUnreadable((error as Error).message);
    }
    Object.assign(members, parsed);
    if (members.resourceType !== undefined && members.resourceType !== 'Bundle') {
      throw notABundle();
    }
  };
  for await (const chunk of text) {
    let start = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk[index] as string;
      if (state === 'open' || state === 'closed') {
        if (/\s/.test(char)) {
          continue;
        }
        if (state === 'open' && char === '{') {
          position.structural(char);
          state = 'members';
          start = index + 1;
          continue;
        }
        throw state === 'open' ? notABundle() : jsonUnreadable(`unexpected ${char} after the Bundle`);
      }
      if (!position.structural(char)) {
        continue;
      }
      const { depth } = position;
      if (state === 'members') {
        if (depth === 0 || (depth === 1 && char === ',')) {
          member.take(chunk.slice(start, index));
          start = index + 1;
          endMember(char);
          state = depth === 0 ? 'closed' : 'members';
        } else if (depth === 2 && char === '[') {
          member.take(chunk.slice(start, index));
          const name = member.cut();
          if (name !== null && /^"entry"\s*:$/.test(name)) {
            state = 'entries';
          } else {
            member.take(`${name ?? ''}[`);
          }
          start = index + 1;
        }
      } else if ((depth === 2 && char === ',') || depth === 1) {
        if (depth === 1 && char !== ']') {
          throw jsonUnreadable(`unexpected ${char} in Bundle.entry`);
        }
        entry.take(chunk.slice(start, index));
        start = index + 1;
        const value = entry.cut();
        if (value !== null) {
          entries += 1;
          yield value;
        } else if (char === ',' || entries > 0) {
          throw jsonUnreadable(`a Bundle entry is missing before ${char}`);
        }
        if (depth === 1) {
          state = 'members';
          afterEntries = true;
          membersSeen += 1;
        }
      }
    }
    if (state === 'members') {
      member.take(chunk.slice(start));
    } else if (state === 'entries') {
      entry.take(chunk.slice(start));
    }
  }
  if (state !== 'closed') {
    throw jsonUnreadable('Unexpected end of JSON input');
  }
}

/** Each graft column the mapping gives, by the import's column name. */
const COLUMN_NAMES = new Map([...ROW_KEYS].map(([name, column]) => [column as string, name]));

/** One product as an import row: the columns it carries, and its bank as e_Eute. */
function productRow(resource: Json, row: number, sink: RowSink, ignored: Set<string>): SourceRow {
  const record = productToRecord(resource);
  const cells: Record<string, ImportCell> = {};
  for (const [column, value] of Object.entries(record.columns)) {
    cells[COLUMN_NAMES.get(column) as string] = value;
  }
  if (record.bank !== null) {
    cells.e_Eute = record.bank;
  }
  sink.budget.row(Object.keys(cells).length);
  Object.values(cells).forEach((cell) => sink.budget.keep(cell));
  record.ignored.forEach((name) => ignored.add(name));
  // Named by column like any row error (so a rule on that column does not fire again), with the element.
  const errors = record.errors.map((error) => ({
    field: error.column === 'bank' ? 'e_Eute' : (COLUMN_NAMES.get(error.column) as string),
    message: `${error.message} (${error.field})`,
  }));
  return { row, cells, errors, ...(record.id === null ? {} : { id: record.id }) };
}

export interface FhirRead {
  format: 'fhir';
  ignoredColumns: string[];
  /** Entries of other resource types, counted by type: the import reads products only. */
  skipped: string[];
}

/**
 * Reads a Bundle's BiologicallyDerivedProduct entries as rows; a row's number is its entry's
 * position in `Bundle.entry`, counted from 1. Entries of other types are counted, not read.
 */
export async function readFhirBundle(text: AsyncIterable<string>, sink: RowSink): Promise<FhirRead> {
  const members: Json = {};
  const ignored = new Set<string>();
  const skipped = new Map<string, number>();
  let position = 0;
  let products = 0;
  for await (const element of bundleEntries(text, members)) {
    position += 1;
    let entry: unknown;
    try {
      entry = JSON.parse(element);
    } catch (error) {
      throw jsonUnreadable((error as Error).message);
    }
    const resource = isJsonObject(entry) && isJsonObject(entry.resource) ? entry.resource : null;
    const type = resource?.resourceType;
    if (resource === null || type === 'BiologicallyDerivedProduct') {
      products += 1;
      if (products > IMPORT_MAX_ROWS) {
        throw tooManyRows(IMPORT_MAX_ROWS);
      }
      sink.add(
        resource === null
          ? { row: position, cells: {}, errors: [{ field: 'Bundle.entry', message: 'must hold a resource' }] }
          : productRow(resource, position, sink, ignored.size < MAX_IGNORED_NAMES ? ignored : new Set()),
      );
    } else {
      const name = typeof type === 'string' ? type : 'no resourceType';
      skipped.set(name, (skipped.get(name) ?? 0) + 1);
    }
  }
  if (members.resourceType !== 'Bundle') {
    throw notABundle();
  }
  return {
    format: 'fhir',
    ignoredColumns: [...ignored],
    skipped: [...skipped].map(([type, count]) => `${count} ${type}`),
  };
}
