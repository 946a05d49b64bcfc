import { defineConfig } from 'vitest/config';

// Browser journeys: one real server with demo data for the whole run, one Chromium per file.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['apps/server/test/support/build-once.ts', 'e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Journeys share the demo database; running them one after another keeps them independent of timing.
    fileParallelism: false,
    // One module state for every file of a run, so axe looks at each screen once per run rather than
    // once per file: axe was about 40% of a journey's time (docs/performance.md "CI").
    isolate: false,
  },
});
