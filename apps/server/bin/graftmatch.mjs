#!/usr/bin/env node
// Runs the compiled server (`npm run build` makes dist/cli.js) with plain Node.js: no TypeScript
// at run time, so a start takes well under a second. Development runs the sources: `npm run dev`.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node.js 22.1 and later keep V8's compiled code of the bundle between runs, so a command such as
// `graftmatch import` does not compile 7 MB of JavaScript at every start (docs/performance.md).
module.enableCompileCache?.();

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('graftmatch: the server is not built; run `npm run build` first (or `npm run dev` for the sources).');
  process.exit(1);
}
// Tracing must start before the server's modules load; without the setting none of it is loaded.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT && process.argv[2] === 'serve') {
  await import(new URL('../dist/telemetry.js', import.meta.url).href);
}
await import(entry.href);
