import { whenIdle } from './idle';

/** How long after the page's load event the service worker is registered (docs/performance.md). */
export const SERVICE_WORKER_DELAY_MS = 3_000;

/** The worker vite-plugin-pwa generates (vite.config.ts). */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the first screen is up: a few seconds after the page has
 * loaded, when the browser is idle. Installing it precaches the whole app shell (over a hundred
 * files), which on a phone would otherwise compete with the first screen for the CPU and the
 * network; offline use only needs it later.
 */
export function registerServiceWorkerWhenIdle(url = SERVICE_WORKER_URL): void {
  if (!('serviceWorker' in navigator)) {
    return;
  }
  const register = () => {
    // Where workers are refused (a private window, a policy), the app works online only.
    navigator.serviceWorker.register(url, { scope: '/' }).catch(() => undefined);
  };
  const afterLoad = () => window.setTimeout(() => whenIdle(register, 2_000), SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') {
    afterLoad();
  } else {
    window.addEventListener('load', afterLoad, { once: true });
  }
}

/**
 * The service worker once it is active, registered now if the registration above has not run yet:
 * turning on push cannot wait for it. Registering again is harmless (the browser keeps the one it has).
 */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}
