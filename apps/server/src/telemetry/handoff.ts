// What the tracing preload (telemetry/preload.ts) hands to the server, which is a bundle of its own:
// both meet on the global object, and without tracing neither key is set.

const FLUSH_TRACES = Symbol.for('graftmatch.flushTraces');
const TRACED_PG = Symbol.for('graftmatch.tracedPg');

const shared = globalThis as Record<symbol, unknown>;

/** Called by the preload: the buffered spans' flush, and its instrumented copy of `pg`. */
export function handOverTracing(flush: () => Promise<void>, tracedPg: unknown): void {
  shared[FLUSH_TRACES] = flush;
  shared[TRACED_PG] = tracedPg;
}

/** Sends the spans still buffered, at shutdown; nothing when tracing is off. */
export async function flushTraces(): Promise<void> {
  const flush = shared[FLUSH_TRACES];
  if (typeof flush === 'function') {
    await (flush as () => Promise<void>)();
  }
}

/**
 * The preload's instrumented `pg` when tracing is on, else undefined. The server bundles its own
 * copy, which no instrumentation can reach; the preload's is loaded from node_modules through
 * require, where the PostgreSQL instrumentation patches it.
 */
export function tracedPg<T>(): T | undefined {
  return shared[TRACED_PG] as T | undefined;
}
