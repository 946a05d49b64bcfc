// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, at the
// best levels, once per build; the server sends the one a browser accepts (docs/performance.md,
// "Web delivery"). Runs after `vite build`, so the service worker and its workbox file are included.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
// Below this, a compressed copy saves less than the extra header costs.
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* files(full);
    } else {
      yield full;
    }
  }
}

let count = 0;
for await (const file of files(DIST)) {
  if (!TEXT.has(path.extname(file)) || (await stat(file)).size < MIN_BYTES) {
    continue;
  }
  const content = await readFile(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzip)]);
  count += 1;
}
console.log(`precompressed ${count} files (brotli and gzip)`);
