import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two cores: keep integration files from starving each other.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/build-once.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Typing into forms of a rendered page takes seconds on a busy two-core machine.
          testTimeout: 30_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
