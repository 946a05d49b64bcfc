import { configDefaults, defineConfig } from 'vitest/config';

const SERVER = {
  globalSetup: ['apps/server/test/support/build-once.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
const MEMORY_TESTS = ['apps/server/src/modules/imports/imports.limits.int.test.ts'];

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
          exclude: [...configDefaults.exclude, ...MEMORY_TESTS],
          ...SERVER,
          // Each file builds its own app on its own database; sharing the module cache between files
          // saves loading the server once per file (docs/performance.md "CI"). Nothing mocks modules.
          isolate: false,
        },
      },
      {
        // Tests that measure the process's memory need a process whose heap no earlier file grew.
        test: { name: 'server-memory', include: MEMORY_TESTS, ...SERVER, isolate: true },
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
