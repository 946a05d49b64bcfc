import { setTimeout as sleep } from 'node:timers/promises';
import type { MessageKey } from '@graftmatch/domain';
import { serviceUnavailable } from '../../http/problem';

// One large import and one large export at a time (docs/import.md "Limits", docs/decisions.md):
// an import may hold up to its memory budget while it is read and checked, and a large export
// keeps a core busy for many seconds, so a second large one never runs beside the first. It waits
// a moment for the first to end and is otherwise refused with 503 and Retry-After.

/** From this size a file counts as large; an xlsx always does (it unpacks to many times its size). */
export const LARGE_IMPORT_BYTES = 1024 * 1024;
/** From this many grafts an export counts as large. */
export const LARGE_EXPORT_GRAFTS = 5000;
/** How long a second large import or export waits for the first before it is refused. */
export const IMPORT_GATE_WAIT_MS = 2000;

export type ImportGate = <T>(work: () => Promise<T>) => Promise<T>;

/** Answers a release function once no one else holds the turn; refuses with 503 after `waitMs`. */
export type TurnGate = () => Promise<() => void>;

function createTurnGate(waitMs: number, busy: MessageKey): TurnGate {
  let running: Promise<void> | null = null;
  return async () => {
    const deadline = performance.now() + waitMs;
    while (running) {
      const left = deadline - performance.now();
      if (left <= 0) {
        throw serviceUnavailable({ key: busy });
      }
      const timer = new AbortController();
      await Promise.race([running, sleep(left, undefined, { signal: timer.signal }).catch(() => undefined)]);
      timer.abort();
    }
    let done = () => {};
    const turn = new Promise<void>((resolve) => {
      done = resolve;
    });
    running = turn;
    return () => {
      if (running === turn) {
        running = null;
      }
      done();
    };
  };
}

export function createImportGate(waitMs = IMPORT_GATE_WAIT_MS): ImportGate {
  const acquire = createTurnGate(waitMs, 'problem.imports.busy');
  return async (work) => {
    const release = await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/** The export's gate: held from the first byte until its stream closes (ended, failed or cut off). */
export function createExportGate(waitMs = IMPORT_GATE_WAIT_MS): TurnGate {
  return createTurnGate(waitMs, 'problem.imports.exportBusy');
}
