import type SQLite from 'better-sqlite3';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Tells without reading a table whether an SQLite database may have changed since the last look
 * (docs/performance.md, "Data versions on SQLite"): a commit of any other connection or process
 * (a `graftmatch import` beside the server) changes `PRAGMA data_version`, and this connection's
 * own statements that may write are counted as they are sent, through Kysely (this plugin) or as
 * prepared statements. Inside a transaction there is no token: only a read that waits for the
 * connection is right there.
 */
export class SqliteChangeWatch implements KyselyPlugin {
  #ownWrites = 0;
  readonly #dataVersion: SQLite.Statement<[], number>;

  constructor(private readonly sqlite: SQLite.Database) {
    this.#dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
  }

  /** A statement about to run on this connection; one that returns no rows may write. */
  noteStatement(statement: SQLite.Statement): void {
    if (!statement.reader) {
      this.#ownWrites += 1;
    }
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    // Anything but a plain select may write (raw SQL included): counted, at worst a needless re-read.
    if (node.kind !== 'SelectQueryNode') {
      this.#ownWrites += 1;
    }
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }

  /** Equal tokens mean no commit in between; null while this connection is inside a transaction. */
  token(): string | null {
    return this.sqlite.inTransaction ? null : `${this.#dataVersion.get()}:${this.#ownWrites}`;
  }
}
