import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { serverWalls } from './apps/server/walls.config.js';

// One date format in the web app (docs/decisions.md "One date format"): dates, date-times and "n.d."
// are turned into text by apps/web/src/i18n/format.ts only, never by the browser's locale formats.
const WEB_FORMAT_MODULE = 'apps/web/src/i18n/format.ts';
const webFormatImports = {
  name: '@graftmatch/domain',
  importNames: ['formatDate', 'formatDateTime', 'formatInstantUtc', 'displayPatientCode', 'NOT_DOCUMENTED'],
  message: "Show dates, times, patient codes and n.d. through the web's i18n/format.ts (showDate, showDateTime, ...).",
};
const localeFormats = {
  selector:
    "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/], NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
  message: 'Dates and times are yyyy-mm-dd (HH:mm UTC) everywhere: use showDate / showDateTime of i18n/format.ts.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/screenshots/**', 'apps/web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...serverWalls(),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [WEB_FORMAT_MODULE],
    rules: {
      'no-restricted-syntax': ['error', localeFormats],
      'no-restricted-imports': ['error', { paths: [webFormatImports] }],
    },
  },
  {
    // Web feature walls (docs/architecture.md): a feature reaches another only through that
    // feature's index; what several features share lives in features/grafts or src/components.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [webFormatImports],
          patterns: [
            {
              regex: '^\\.\\./(?!grafts/)[\\w-]+/|/features/(?!grafts/)[\\w-]+/',
              message:
                "Another feature's files are its own: import from its index ('../auth'), or move what both use to features/grafts (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/server/src/cli.ts', 'apps/server/src/cli/**', 'scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
