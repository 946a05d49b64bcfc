import './app/styles';
import './app/global.css';

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}

// The browser paints index.html's header first; the app's code (already fetched: the build
// preloads it) runs right after that frame (docs/performance.md, "Web delivery").
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
