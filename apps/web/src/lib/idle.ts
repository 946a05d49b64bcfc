/**
 * Runs `task` when the browser is next idle, and within `timeoutMs` at the latest; answers a
 * cancel function. Work that can wait (the push client, the service worker) goes here, so it does
 * not compete with drawing the page (docs/performance.md).
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  // Safari has no idle callbacks.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 0);
  return () => window.clearTimeout(handle);
}
