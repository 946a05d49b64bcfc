import { CamelCasePlugin, type Compilable } from 'kysely';
import { CAMEL_CASE_OPTIONS, type Database } from './database';

// Statements that run on every request are written with Kysely once, compiled once, and executed
// as prepared statements from then on (docs/performance.md): building, compiling and preparing the
// same query anew cost more than running it. A parameter is a placeholder value made by `param`,
// replaced by the call's value at each execution.

const PARAMETER = '\u0000graftmatch-parameter:';

/** A placeholder for the parameter `name` in a query built for `prepare`. */
export function param<T>(name: string): T {
  return `${PARAMETER}${name}` as T;
}

class ColumnNames extends CamelCasePlugin {
  readonly #names = new Map<string, string>();
  toProperty(column: string): string {
    let name = this.#names.get(column);
    if (name === undefined) {
      name = this.camelCase(column);
      this.#names.set(column, name);
    }
    return name;
  }
}
const columnNames = new ColumnNames(CAMEL_CASE_OPTIONS);

function toRow<R>(raw: Record<string, unknown>): R {
  const row: Record<string, unknown> = {};
  for (const column in raw) {
    row[columnNames.toProperty(column)] = raw[column];
  }
  return row as R;
}

export type PreparedQuery<P, R> = (parameters: P) => Promise<R[]>;

/** Compiles `query` once; each call runs the prepared statement with these parameters. */
export function prepare<P extends Record<string, unknown>, R>(
  database: Pick<Database, 'runPrepared'>,
  query: Compilable<R>,
): PreparedQuery<P, R> {
  const compiled = query.compile();
  const slots = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PARAMETER) ? value.slice(PARAMETER.length) : null,
  );
  return async (parameters) => {
    const values = compiled.parameters.map((value, index) => {
      const name = slots[index];
      return name === null || name === undefined ? value : parameters[name];
    });
    const rows = await database.runPrepared(compiled.sql, values);
    return rows.map((row) => toRow<R>(row));
  };
}
