/**
 * Whether the last call reached the server: every answer says yes, a call that got none says no.
 * The app's network state listens here beside the browser's online and offline events, which miss
 * a connected Wi-Fi without a way out (docs/decisions.md "Offline").
 */
type Listener = (reachable: boolean) => void;

const listeners = new Set<Listener>();

export function onReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function noteReachability(reachable: boolean): void {
  for (const listener of listeners) {
    listener(reachable);
  }
}

/** Asks the server's cheapest route whether it answers again, and tells the listeners. */
export async function probeServer(): Promise<void> {
  const answered = await fetch('/api/health', { cache: 'no-store' }).then(
    () => true,
    () => false,
  );
  noteReachability(answered);
}
