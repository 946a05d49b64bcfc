import { CompiledQuery, type Insertable } from 'kysely';
import { keepPrepared } from './database';
import type { Executor } from './executor';
import type { DB } from './types';

// Many rows of one table in few statements (an import writes a graft, an audit row and a
// notification per row of its file). Kysely builds the same 200-row INSERT for every chunk, which
// costs more than the database's work; so the text of a full chunk is compiled once per table and
// columns, checked against Kysely's own parameters, and reused, on PostgreSQL as a named prepared
// statement (docs/performance.md "Imports").

const texts = new Map<string, string>();

/** The columns a row sets, in Kysely's order (keys with a value). */
function columnsOf(row: object): string[] {
  return Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([column]) => column);
}

function valuesIn(rows: readonly object[], columns: readonly string[]): unknown[] | null {
  const values: unknown[] = [];
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    let set = 0;
    for (const key in record) {
      if (record[key] !== undefined) {
        set += 1;
      }
    }
    if (set !== columns.length) {
      return null;
    }
    for (const column of columns) {
      const value = record[column];
      if (value === undefined) {
        return null;
      }
      values.push(value);
    }
  }
  return values;
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/** Inserts `rows` into `table`, `chunk` rows a statement, with the caller's executor (its transaction). */
export async function insertRows<T extends keyof DB & string>(
  executor: Executor,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  chunk: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const build = () => executor.insertInto(table).values(part as never);
    const columns = columnsOf(part[0] as object);
    // Rows setting other columns than the first, and the last, shorter chunk: Kysely as usual.
    const values = part.length === chunk ? valuesIn(part, columns) : null;
    if (values === null) {
      await build().execute();
      continue;
    }
    const key = `${table}\u0000${chunk}\u0000${columns.join(',')}`;
    let text = texts.get(key);
    if (text === undefined) {
      const compiled = build().compile();
      if (!sameValues(compiled.parameters, values)) {
        await executor.executeQuery(compiled);
        continue;
      }
      text = compiled.sql;
      texts.set(key, text);
      keepPrepared(text);
    }
    await executor.executeQuery(CompiledQuery.raw(text, values));
  }
}
