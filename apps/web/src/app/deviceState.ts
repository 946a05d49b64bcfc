import { forgetKeptData } from './offline/device';

// Kept across logout: the person's language is a property of the device, not of the session.
const KEPT_KEYS = new Set(['graftmatch.language']);

/** Logout clears persistent storage (spec §4), on a shared ward PC especially, the kept working set included. */
export function clearDeviceState(): void {
  sessionStorage.clear();
  for (const key of Object.keys(localStorage)) {
    if (!KEPT_KEYS.has(key)) {
      localStorage.removeItem(key);
    }
  }
  void forgetKeptData().catch(() => undefined);
}
