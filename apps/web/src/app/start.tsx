import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '../i18n';
import { App } from './App';

/** Renders the app into #root, replacing the static first paint of index.html. */
export async function start(root: HTMLElement) {
  // The first render is translated: the texts of one language come first. As a transition it
  // yields to the browser between components, so a slow phone stays responsive while it renders.
  await i18nReady;
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
