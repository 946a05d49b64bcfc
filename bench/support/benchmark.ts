import type { LoadOptions } from './autocannon';
import type { BenchEnvironment, LoggedIn } from './server';

export interface BenchOptions extends LoadOptions {
  /** The large size (the last of `sizes`): grafts and open waiting-list entries. */
  grafts: number;
  /** The large sizes, smallest first (`--grafts 10000,100000,1000000`); a `largest` benchmark runs at each. */
  sizes: number[];
  entries: number;
  /** Rows per file of the import benchmark. */
  importRows: number[];
}

/** A server started for a benchmark, with the demo physician and tissue-bank employee logged in. */
export interface BenchSession {
  baseUrl: string;
  physician: LoggedIn;
  employee: LoggedIn;
  /** The server's process, for its memory. */
  pid?: number;
  /** Runs a full garbage collection in the server (through its inspector). */
  collectGarbage?(): Promise<void>;
  stop(): Promise<void>;
}

export interface BenchContext {
  options: BenchOptions;
  environment: BenchEnvironment;
  /** Grafts in the database now. */
  grafts: number;
  /** The server of this size, started once and shared by the benchmarks. */
  session: BenchSession;
  /** Another server on the same database, e.g. with a feature switched off (on SQLite `session` pauses meanwhile). */
  startSession(extraEnv: Record<string, string>): Promise<BenchSession>;
}

/** One printed figure; `ratio` is against `baseline`, measured in the same run. */
export interface Row {
  what: string;
  figure: string;
  baseline?: string;
  ratio?: number;
  /** A second baseline: a minimal route answering the same body with no hooks and no headers of the app. */
  minimal?: string;
  minimalRatio?: number;
}

export interface Benchmark {
  name: string;
  /** `each-size`: at the demo size and each large one; `largest`: each large one only; `once`: not per engine. */
  when: 'each-size' | 'largest' | 'once';
  run(context: BenchContext): Promise<Row[]>;
}
