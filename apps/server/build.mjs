// Compiles the server and the domain package it imports into one ES module, dist/cli.js, which
// the `graftmatch` command runs with plain Node.js (docs/decisions.md, "The server is compiled").
// Its dependencies are bundled too, so the start reads one file instead of resolving and loading
// hundreds of modules (docs/performance.md, cold start); only packages with native code or with
// files of their own beside their code stay in node_modules. Types are checked by `tsc`.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';

/**
 * esbuild's build, each output written beside its place and renamed into it: test runs side by side
 * (the journey groups) build at the same moment, and a server started by one must never read a file
 * the other is halfway through writing.
 */
async function build(options) {
  const { outputFiles } = await esbuild({ ...options, write: false });
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

const external = [
  // native code
  '@node-rs/argon2',
  'better-sqlite3',
  'better-sqlite3-napi',
  'sharp',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  // read their own files next to their code, or are loaded only when used
  'pdfkit',
  'fontkit',
  'exceljs',
  '@fastify/swagger-ui',
  'tsx',
  // only with FILE_STORE=s3 (docs/operations.md)
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
];

await build({
  entryPoints: [new URL('src/cli/cli.ts', import.meta.url).pathname],
  outfile: new URL('dist/cli.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
});

// The tracing preload, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (bin/graftmatch.mjs).
// Its packages stay in node_modules: their instrumentation hooks watch modules load from there.
await build({
  entryPoints: [new URL('src/telemetry/preload.ts', import.meta.url).pathname],
  outfile: new URL('dist/telemetry.js', import.meta.url).pathname,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
