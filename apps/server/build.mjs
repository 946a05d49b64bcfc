// Compiles the server and the domain package it imports into one ES module, dist/cli.js, which
// the `graftmatch` command runs with plain Node.js (docs/decisions.md, "The server is compiled").
// The server's own dependencies stay in node_modules; TypeScript types are checked by `tsc`.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => name !== '@graftmatch/domain');

await build({
  entryPoints: [new URL('src/cli.ts', import.meta.url).pathname],
  outfile: new URL('dist/cli.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
