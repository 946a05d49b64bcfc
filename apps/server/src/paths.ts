import { fileURLToPath } from 'node:url';

// Folders the server reads beside its code. This module sits directly in src/, at the same depth
// as the bundle dist/cli.js, so the same relative URL holds whether the sources or the bundle run.

/** The demo grafts as import files (`demo/README.md`), which the demo seed imports. */
export const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url));

/** The built web app (`apps/web/dist`), which the server serves at `/`. */
export const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
