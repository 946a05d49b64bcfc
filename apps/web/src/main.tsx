import './app/styles';
import './app/global.css';
import { registerServiceWorkerWhenIdle } from './lib/serviceWorker';

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}

// The browser paints index.html's header first; the app's code is fetched and run right after
// that frame, so it does not compete with the stylesheet (docs/performance.md, "Web delivery").
let started = false;
function startApp() {
  if (!started) {
    started = true;
    void import('./app/start').then(({ start }) => start(root as HTMLElement));
  }
}
if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(startApp));
}
// A tab opened in the background paints no frame: start anyway.
setTimeout(startApp, 100);

// The development server has no service worker; the build generates it (vite.config.ts).
if (import.meta.env.PROD) {
  registerServiceWorkerWhenIdle();
}
