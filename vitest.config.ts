import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SERVER = {
  globalSetup: ['apps/server/test/support/build-once.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
const MEMORY_TESTS = ['apps/server/src/modules/imports/imports.limits.int.test.ts'];
// Database tests whose outcome does not hang on the engine: refusals before any query, the import
// limits while a file is read, the API document, the push wire protocol, the metrics. A run on
// PostgreSQL (TEST_DATABASE_URL) leaves them to the SQLite run (docs/decisions.md "CI").
const ENGINE_INDEPENDENT = [
  'apps/server/test/api/malformed-requests.property.int.test.ts',
  'apps/server/src/modules/imports/imports.limits.int.test.ts',
  'apps/server/src/plugins/openapi.int.test.ts',
  'apps/server/src/realtime/push-protocol.int.test.ts',
  'apps/server/src/metrics/metrics.int.test.ts',
];
const notOnThisEngine = process.env.TEST_DATABASE_URL ? ENGINE_INDEPENDENT : [];

/**
 * Vitest queues a project's files after the projects before it by name, so the memory tests, in a
 * process of their own, ran alone at the end of a server run; first, they run beside the others.
 */
class MemoryTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isMemoryTest = (file: TestSpecification) => file.project.name === 'server-memory';
    return [...sorted.filter(isMemoryTest), ...sorted.filter((file) => !isMemoryTest(file))];
  }
}

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    sequence: { sequencer: MemoryTestsFirst },
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
          exclude: [...configDefaults.exclude, ...MEMORY_TESTS, ...notOnThisEngine],
          ...SERVER,
          // Each file builds its own app on its own database; sharing the module cache between files
          // saves loading the server once per file (docs/performance.md "CI"). Nothing mocks modules.
          isolate: false,
        },
      },
      {
        // Tests that measure the process's memory need a process whose heap no earlier file grew.
        test: { name: 'server-memory', include: MEMORY_TESTS, exclude: notOnThisEngine, ...SERVER, isolate: true },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Typing into forms of a rendered page takes seconds on a busy two-core machine.
          testTimeout: 30_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Each file loads its libraries afresh; bundled into one module each, they load in about
          // half the time (docs/performance.md "CI").
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mantine/core',
                  '@mantine/hooks',
                  '@mantine/dates',
                  '@mantine/modals',
                  '@mantine/notifications',
                  '@mantine/charts',
                  '@tabler/icons-react',
                  'react-router',
                  '@tanstack/react-query',
                  'i18next',
                  'react-i18next',
                  'dayjs',
                  'recharts',
                  'react',
                  'react-dom',
                  'react-dom/client',
                  'react/jsx-runtime',
                  '@testing-library/react',
                  '@testing-library/user-event',
                  '@testing-library/dom',
                ],
              },
            },
          },
        },
      },
    ],
  },
});
