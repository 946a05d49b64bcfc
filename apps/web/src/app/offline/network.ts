import { onlineManager } from '@tanstack/react-query';
import { onReachability, probeServer } from '../../api/reachability';

// How often the server is asked, while the browser claims a network the calls cannot use.
const PROBE_INTERVAL_MS = 3_000;

/**
 * Feeds TanStack Query's network state, which pauses reads (the kept data shows) and refuses
 * writes while offline, from the browser's online and offline events and from the outcome of every
 * call: a Wi-Fi without a way out, or a server out of reach, is offline too. Offline with the
 * browser still online, the server is asked every few seconds until it answers (docs/decisions.md "Offline").
 */
export function watchNetwork(): void {
  onlineManager.setEventListener((setOnline) => {
    let probe: ReturnType<typeof setInterval> | undefined;
    const update = (online: boolean) => {
      setOnline(online);
      clearInterval(probe);
      probe = !online && navigator.onLine ? setInterval(() => void probeServer(), PROBE_INTERVAL_MS) : undefined;
    };
    const goneOffline = () => update(false);
    const backOnline = () => update(true);
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    const stopListening = onReachability(update);
    update(navigator.onLine);
    return () => {
      clearInterval(probe);
      stopListening();
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  });
}
