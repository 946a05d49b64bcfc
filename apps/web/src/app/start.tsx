import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '../i18n';
import { App } from './App';
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
  const queryClient = createQueryClient();
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
