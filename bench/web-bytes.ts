// What the login screen costs a phone: every script and stylesheet Chromium loads for /login,
// raw, gzip and brotli (best levels, as precompressed at build) and as actually sent by the server.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser';
import type { Benchmark } from './support/benchmark';

export interface LoginBytes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  onTheWire: number;
}

export async function measureLoginBytes(baseUrl: string): Promise<LoginBytes> {
  const browser = await launchBrowser();
  try {
    // The service worker's precache (the whole app shell, a few seconds after load) is not the login's cost.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const totals: LoginBytes = { files: 0, raw: 0, gzip: 0, brotli: 0, onTheWire: 0 };
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (!['script', 'stylesheet'].includes(request.resourceType())) {
        return;
      }
      pending.push(
        (async () => {
          const response = await request.response();
          const body = await response?.body();
          const sizes = await request.sizes();
          if (!body) {
            return;
          }
          totals.files += 1;
          totals.raw += body.length;
          totals.gzip += gzipSync(body, { level: 9 }).length;
          totals.brotli += brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          }).length;
          totals.onTheWire += sizes.responseBodySize;
        })(),
      );
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return totals;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export const loginBytesBenchmark: Benchmark = {
  name: 'login-bytes',
  when: 'once',
  async run({ session }) {
    const bytes = await measureLoginBytes(session.baseUrl);
    return [
      {
        what: `login screen JS + CSS (${bytes.files} files)`,
        figure: `gzip ${kb(bytes.gzip)}, brotli ${kb(bytes.brotli)}, on the wire ${kb(bytes.onTheWire)}`,
        baseline: `raw ${kb(bytes.raw)}`,
      },
    ];
  },
};
