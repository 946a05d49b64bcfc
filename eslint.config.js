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

// One source for the web's rules (docs/decisions.md "One source, held by lint"): a form's limits, the
// app's addresses and a list's page size are named once in packages/domain, never restated here.
const formLimitLiterals = {
  // A lower bound of 0 or 1 only says "no negatives" or "at least one"; any other bound is a rule.
  selector:
    "JSXAttribute[name.name=/^(max|maxLength)$/][value.expression.type='Literal'], JSXAttribute[name.name=/^(min|minLength)$/][value.expression.value>1]",
  message: "A form's limit is the server's: use the domain's constant or maxLengthOf(RequestSchema, 'field').",
};
const localPageSizes = {
  selector: [
    "VariableDeclarator[id.name=/PAGE_SIZE$|^pageSize$/][init.type='Literal']",
    "AssignmentPattern[left.name=/PAGE_SIZE$|^pageSize$/][right.type='Literal']",
    'Property[key.name=/^(pageSize|limit)$/][value.value>1]',
  ].join(', '),
  message:
    "A list's page size is the domain's (SCREEN_PAGE_SIZE or the list's *_PAGE_SIZE), the one the server pages by.",
};
const homePathLiterals = {
  // \x2F is "/": esquery's regular expressions cannot hold a slash.
  selector: 'Literal[value=/^\\x2Fhome\\b/], TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Fhome\\b/]',
  message:
    "The app's addresses are the domain's webPaths (webPaths.clinicGraft(lot), webPaths.euteStock({ state }), ...).",
};

// The web's layers (docs/architecture.md "Web layers"): app/ on top, then the features, then
// components/, then lib/, api/ and i18n/; each imports only from the layers below it.
const appShell = {
  regex: '(^|/)\\.\\./app(/|$)',
  message:
    'app/ is the shell on top (router, layout, providers): move what is needed of it down to src/lib or src/components (docs/architecture.md).',
};
const anyFeature = {
  regex: '(^|/)\\.\\./features(/|$)',
  message:
    'Shared code below the features knows none of them: pass in what it needs, or move the piece down here (docs/architecture.md).',
};
const sharedUi = {
  regex: '(^|/)\\.\\./components(/|$)',
  message: 'lib/, api/ and i18n/ lie below components/: no UI here (docs/architecture.md).',
};
const webImports = (...patterns) => ['error', { paths: [webFormatImports], patterns }];

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
      'no-restricted-syntax': ['error', localeFormats, formLimitLiterals, localPageSizes, homePathLiterals],
      'no-restricted-imports': ['error', { paths: [webFormatImports] }],
    },
  },
  {
    // Tests spell out what they expect (an address, a limit, a page of fixtures), so they check the source.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', localeFormats] },
  },
  {
    // Web feature walls (docs/architecture.md): a feature reaches another only through that
    // feature's index; what several features share lives in features/grafts, src/components or src/lib.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports(
        {
          regex: '^\\.\\./(?!grafts/)[\\w-]+/|/features/(?!grafts/)[\\w-]+/',
          message:
            "Another feature's files are its own: import from its index ('../auth'), or move what both use to features/grafts (docs/architecture.md).",
        },
        appShell,
      ),
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports(anyFeature, appShell) },
  },
  {
    files: ['apps/web/src/{lib,api,i18n}/**/*.{ts,tsx}'],
    ignores: [WEB_FORMAT_MODULE],
    rules: { 'no-restricted-imports': webImports(anyFeature, appShell, sharedUi) },
  },
  {
    // The one file that uses the domain's formats is held to its layer all the same.
    files: [WEB_FORMAT_MODULE],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyFeature, appShell, sharedUi] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Classic scripts the web app's service worker imports (apps/web/vite.config.ts).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/server/src/cli/**', 'scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The server's test files share one module cache (vitest.config.ts, `isolate: false`), where a
    // module mock would leak into other files or be ignored: pass a test double through the app's deps.
    files: ['apps/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server tests share modules: inject the double through the app’s deps instead.',
        })),
      ],
    },
  },
);
