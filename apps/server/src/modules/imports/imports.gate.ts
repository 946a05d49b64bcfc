import { setTimeout as sleep } from 'node:timers/promises';
import { serviceUnavailable } from '../../http/problem';

// One large import at a time (docs/import.md "Limits", docs/decisions.md): each import may hold up
// to its memory budget while it is read and checked, so a second large one never runs beside the
// first. It waits a moment for the first to end and is otherwise refused with 503 and Retry-After.

/** From this size a file counts as large; an xlsx always does (it unpacks to many times its size). */
export const LARGE_IMPORT_BYTES = 1024 * 1024;
/** How long a second large import waits for the first before it is refused. */
export const IMPORT_GATE_WAIT_MS = 2000;

export type ImportGate = <T>(work: () => Promise<T>) => Promise<T>;

export function createImportGate(waitMs = IMPORT_GATE_WAIT_MS): ImportGate {
  let running: Promise<void> | null = null;
  return async (work) => {
    const deadline = performance.now() + waitMs;
    while (running) {
      const left = deadline - performance.now();
      if (left <= 0) {
        throw serviceUnavailable({ key: 'problem.imports.busy' });
      }
      const timer = new AbortController();
      await Promise.race([running, sleep(left, undefined, { signal: timer.signal }).catch(() => undefined)]);
      timer.abort();
    }
    let done = () => {};
    running = new Promise((resolve) => {
      done = resolve;
    });
    try {
      return await work();
    } finally {
      running = null;
      done();
    }
  };
}
