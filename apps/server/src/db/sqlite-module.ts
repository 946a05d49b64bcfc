import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// The SQLite driver that fits the running Node.js (docs/decisions.md "Node.js versions"):
// better-sqlite3 12 aborts Node 22 and newer as they exit (a statement's finalizer runs after Node's
// teardown); 13, its N-API build with binaries in its package, needs Node 22 and crashes Node 20.
// Both are installed (13 under the name better-sqlite3-napi), so `npm install` suffices on either.

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The driver package this Node.js loads. */
export const SQLITE_DRIVER = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

/** better-sqlite3's `Database` class, in the version this Node.js runs. */
export const SQLite = require(SQLITE_DRIVER) as typeof BetterSqlite3;
