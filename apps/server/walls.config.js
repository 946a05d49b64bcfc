// The server's walls (docs/architecture.md "Module walls"), as ESLint rules for eslint.config.js:
// which folder may import which, and which module writes which table. Each rule is proved on a
// fixture by apps/server/test/architecture/module-walls.test.ts.

const SRC = 'apps/server/src';
const TESTS = ['**/*.test.ts', '**/*.int.test.ts'];

const NOT_ROUTES_OR_REPOSITORY = {
  group: ['../*/*.routes', '../*/*.routes.js', '../*/*.repository', '../*/*.repository.js'],
  message: "Another module's routes and repository are its own: call its service (docs/architecture.md).",
};

/** Another module from inside a module: `../<module>/…`, never `../../<folder>/…`. */
const OTHER_MODULE_REGEX = '^\\.\\./(?!\\.)[^/]+/';

/**
 * Which code writes each table (insertInto, updateTable, deleteFrom): a folder under src/, most
 * often one module. Where two share a table, docs/architecture.md "Who writes which table" says why.
 */
export const TABLE_WRITERS = {
  users: ['modules/users', 'modules/auth'],
  clinics: ['modules/organisations'],
  eutes: ['modules/organisations'],
  clinicMembers: ['modules/users'],
  euteMembers: ['modules/users'],
  grafts: ['modules/imports', 'modules/requests', 'modules/vigilance'],
  graftFiles: ['modules/files'],
  filesFolder: ['modules/files'],
  waitingListEntries: ['modules/waitinglist'],
  graftRequests: ['modules/requests'],
  refreshTokenFamilies: ['modules/auth'],
  refreshTokens: ['modules/auth'],
  twoFactorChallenges: ['modules/auth'],
  recoveryTokens: ['modules/auth'],
  unknownLoginAttempts: ['modules/auth'],
  importLogs: ['modules/imports'],
  euteApiKeys: ['modules/imports', 'identity'],
  auditLog: ['modules/audit'],
  auditChainHead: ['modules/audit'],
  auditCheckpoints: ['modules/audit'],
  dataVersions: ['db'],
  activityVersion: ['db'],
  mailOutbox: ['mail', 'modules/mails'],
  vigilanceReports: ['modules/vigilance'],
  matchesSeen: ['modules/dashboards'],
  notifications: ['modules/notifications'],
  remindersSent: ['modules/reminders'],
  jobs: ['jobs'],
  alertPreferences: ['modules/alerts'],
  pushSubscriptions: ['modules/alerts'],
  alertDigestItems: ['modules/alerts'],
  followups: ['modules/followups'],
  passkeys: ['modules/auth'],
  passkeyChallenges: ['modules/auth'],
  appSettings: ['modules/auth'],
  ssoConfigs: ['modules/auth'],
  ssoDomains: ['modules/auth'],
  ssoLoginStates: ['modules/auth'],
  ssoHandovers: ['modules/auth'],
  ssoSessions: ['modules/auth'],
  systemClients: ['modules/systemclients', 'identity'],
  fhirSubscriptions: ['modules/fhirsubscriptions'],
  systemClientAssertions: ['modules/systemclients'],
  systemAccessTokens: ['modules/systemclients'],
};

/** A Kysely write to one of `tables`, named by a string literal. */
function writesTo(tables, message) {
  return {
    selector: `CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/][arguments.0.value=/^(${tables.join('|')})$/]`,
    message,
  };
}

/** One block per writer folder, after one for the rest of src/: each forbids the tables others write. */
function tableWriters() {
  const writers = [...new Set(Object.values(TABLE_WRITERS).flat())];
  const forbiddenFor = (writer) =>
    Object.entries(TABLE_WRITERS)
      .filter(([, owners]) => !owners.includes(writer))
      .map(([table]) => table);
  const rule = (tables) => ({
    'no-restricted-syntax': [
      'error',
      writesTo(
        tables,
        'Another module writes this table: call its service (docs/architecture.md "Who writes which table").',
      ),
    ],
  });
  return [
    {
      files: [`${SRC}/**/*.ts`],
      // The demo seed fills an empty database with every table's rows; migrations shape the tables.
      ignores: [...TESTS, `${SRC}/demo/**`, `${SRC}/db/migrations/**`],
      rules: rule(Object.keys(TABLE_WRITERS)),
    },
    ...writers.map((writer) => ({
      files: [`${SRC}/${writer}/**/*.ts`],
      ignores: [...TESTS, `${SRC}/db/migrations/**`],
      rules: rule(forbiddenFor(writer)),
    })),
  ];
}

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The walls of the server and of the domain package it shares with the web. */
export function serverWalls() {
  return [
    {
      // A module reaches another only through its service, policy, mapper or query helpers.
      files: [`${SRC}/modules/**/*.ts`],
      rules: restrict(NOT_ROUTES_OR_REPOSITORY),
    },
    {
      // Routes stay thin: schemas and a call to their module's service, never SQL.
      files: [`${SRC}/modules/**/*.routes.ts`],
      rules: restrict(NOT_ROUTES_OR_REPOSITORY, {
        group: ['./*.repository', './*.repository.js', '../../db/*', '../../queries/*'],
        allowTypeImports: true,
        message: "Routes call their module's service; SQL belongs to the repository (docs/architecture.md).",
      }),
    },
    {
      // A repository is SQL over db/ and the shared query helpers: it imports no other module.
      files: [`${SRC}/modules/**/*.repository.ts`],
      rules: restrict({
        regex: OTHER_MODULE_REGEX,
        message: 'A repository imports no other module: shared SQL rules live in src/queries/ (docs/architecture.md).',
      }),
    },
    {
      // The request kit stands below the identity kernel, the plugins and the modules.
      files: [`${SRC}/http/**/*.ts`],
      ignores: TESTS,
      rules: restrict(
        {
          group: ['../plugins/*', '../plugins/**'],
          message: 'http/ imports no plugin: the plugins build on http/ (docs/architecture.md).',
        },
        {
          group: ['../modules/*', '../modules/**', '../identity/*', '../identity/**'],
          message: 'http/ imports no module and nothing of the identity kernel, not even types (docs/architecture.md).',
        },
      ),
    },
    {
      // The identity kernel: who calls, and what a caller may do; every feature builds on it.
      files: [`${SRC}/identity/**/*.ts`],
      ignores: TESTS,
      rules: restrict({
        group: [
          '../modules/*',
          '../modules/**',
          '../plugins/*',
          '../plugins/**',
          '../realtime/*',
          '../realtime/**',
          '../demo/*',
          '../demo/**',
        ],
        message:
          'The identity kernel imports no module, plugin, realtime/ or demo data: a feature it needs is handed in (docs/architecture.md).',
      }),
    },
    {
      // db/ is infrastructure: connections, table types, dialect, migrations; http/ builds on it.
      files: [`${SRC}/db/**/*.ts`],
      ignores: TESTS,
      rules: restrict({
        group: [
          '../modules/*',
          '../modules/**',
          '../../modules/**',
          '../plugins/*',
          '../demo/*',
          '../demo/**',
          '../http/*',
          '../identity/*',
        ],
        message:
          'db/ is infrastructure and imports no module, plugin, http/, identity/ or demo data (docs/architecture.md).',
      }),
    },
    {
      // The shared SQL rules: over db/'s tables only, so every repository may use them.
      files: [`${SRC}/queries/**/*.ts`],
      ignores: TESTS,
      rules: restrict({
        group: ['../modules/*', '../modules/**', '../plugins/*', '../http/*', '../identity/*', '../demo/*'],
        message: 'src/queries/ builds on db/ alone, so every repository may use it (docs/architecture.md).',
      }),
    },
    {
      // Plugins and the push hub know the caller through the identity kernel, and nothing of the modules.
      files: [`${SRC}/plugins/**/*.ts`, `${SRC}/realtime/**/*.ts`],
      ignores: TESTS,
      rules: restrict({
        group: ['../modules/*', '../modules/**'],
        message: 'Plugins and realtime/ import no module, only the identity kernel (docs/architecture.md).',
      }),
    },
    {
      // The shared vocabulary runs in the browser and the server alike: nothing of either.
      files: ['packages/domain/src/**/*.ts'],
      rules: restrict(
        {
          group: ['node:*', 'fs', 'path', 'crypto', 'react', 'react-*', 'fastify', 'kysely', '@mantine/*'],
          message: 'packages/domain has no Node, DOM, server or database imports (docs/architecture.md).',
        },
        { group: ['**/apps/**'], message: 'packages/domain imports nothing of the apps (docs/architecture.md).' },
      ),
    },
    ...tableWriters(),
  ];
}
