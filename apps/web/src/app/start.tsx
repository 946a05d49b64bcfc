import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onSessionEnded } from '../api/client';
import { i18nReady } from '../i18n';
import { App } from './App';
import { forgetKeptData, restoreKeptData } from './offline/device';
import { watchNetwork } from './offline/network';
import { createQueryClient } from './queryClient';
import { createAppRouter, restoreSession } from './router';

/** A task boundary: the browser may paint and handle input before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Renders the app into #root, replacing the static first paint of index.html. Each step runs in
 * its own task, so a slow phone never sees one long block of script (docs/performance.md).
 */
export async function start(root: HTMLElement) {
  // Not in the task that has just evaluated the app's modules, which is long enough by itself.
  await nextTask();
  watchNetwork();
  // An ended or revoked session leaves nothing on the device (docs/security.md "On the device").
  onSessionEnded(() => void forgetKeptData().catch(() => undefined));
  const queryClient = createQueryClient();
  // Offline, what the device kept comes before the first render, so a kept page opens with it.
  // Online the page fetches anyway: the kept data arrives beside the first render, not before it,
  // and never replaces a newer answer (docs/performance.md "Web delivery").
  const restoring = restoreKeptData(queryClient);
  if (!navigator.onLine) {
    await restoring;
  }
  restoreSession(queryClient);
  await nextTask();
  // Matching the first URL starts fetching its pages' code.
  const router = createAppRouter(queryClient);
  // The first render is translated: the texts of one language come first. As a transition it
  // yields to the browser between components.
  await i18nReady;
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}
