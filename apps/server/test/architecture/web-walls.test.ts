import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, test } from 'vitest';
import { inFixtureFolder, lines, linesOf, lintAs, repositoryRoot } from '../support/lint-fixture';

const root = repositoryRoot;

/** Lints a text with the repository's own ESLint config as if it were this web file. */
const wallErrors = (code: string, file = 'apps/web/src/features/eute/StockPage.tsx') =>
  lintAs(code, file, 'no-restricted-imports');

describe('web feature walls (docs/architecture.md)', () => {
  test("a feature that reaches into another feature's files fails the lint, however the path is spelt", async () => {
    const fixture = [
      "import { useReadOnly } from '../auth/useMe';",
      "import { getWaitingListPage } from '../clinic/api';",
      "import { clinicKeys } from '../../features/clinic/keys';",
      "import { NotFoundPage } from '../home/index';",
      'export const reached = [useReadOnly, getWaitingListPage, clinicKeys, NotFoundPage];',
      '',
    ].join('\n');
    const errors = await wallErrors(fixture);
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3, 4]);
    expect(errors[0]?.message).toMatch(/import from its index/);
  }, 120_000);

  test("another feature's index, the shared graft folder, components and the feature's own files are allowed", async () => {
    const fixture = [
      "import { useReadOnly } from '../auth';",
      "import { typeLabel } from '../grafts/graftFormat';",
      "import { ColumnList } from '../../components/ColumnList';",
      "import { API_BASE } from '../../api/client';",
      "import { euteKeys } from './keys';",
      'export const allowed = [useReadOnly, typeLabel, ColumnList, API_BASE, euteKeys];',
      '',
    ].join('\n');
    expect(await wallErrors(fixture)).toEqual([]);
    // The shared folder is held to the same wall.
    const shared = "import { useMe } from '../auth/useMe';\nexport const reached = useMe;\n";
    expect(await wallErrors(shared, 'apps/web/src/features/grafts/GraftResults.tsx')).toHaveLength(1);
  }, 120_000);
});

describe('web layers (docs/architecture.md "Web layers")', () => {
  test('a feature that imports the app shell fails the lint, tests included; lib/ and components/ are below it', async () => {
    const fixture = lines(
      "import { routes } from '../../app/router';",
      "import type { theme } from '../../app/theme';",
      "import { useFormMutation } from '../../lib/useFormMutation';",
      "import { FormRefusal } from '../../components/FormRefusal';",
      'export const used = [routes, useFormMutation, FormRefusal];',
      'export type Used = typeof theme;',
    );
    const errors = await wallErrors(fixture);
    expect(linesOf(errors)).toEqual([1, 2]);
    expect(errors[0]?.message).toMatch(/app\/ is the shell on top/);
    // A story told through the router lives in app/.
    expect(linesOf(await wallErrors(fixture, 'apps/web/src/features/auth/passkeys.test.tsx'))).toEqual([1, 2]);
  }, 120_000);

  test('components/ imports no feature and nothing of app/, but lib/, api/, i18n/ and its own files', async () => {
    const fixture = lines(
      "import { useMe } from '../features/auth';",
      "import { typeLabel } from '../features/grafts/graftFormat';",
      "import { createQueryClient } from '../app/queryClient';",
      "import { errorMessage } from '../lib/errorMessage';",
      "import { API_BASE } from '../api/client';",
      "import { i18n } from '../i18n';",
      "import { notify } from './notify';",
      'export const used = [useMe, typeLabel, createQueryClient, errorMessage, API_BASE, i18n, notify];',
    );
    const errors = await wallErrors(fixture, 'apps/web/src/components/ErrorAlert.tsx');
    expect(linesOf(errors)).toEqual([1, 2, 3]);
    expect(errors[0]?.message).toMatch(/knows none of them/);
    expect(errors[2]?.message).toMatch(/app\/ is the shell on top/);
  }, 120_000);

  test('lib/, api/ and i18n/ import no component either; i18n/format.ts is held like the rest', async () => {
    const fixture = lines(
      "import { notify } from '../components/notify';",
      "import { meKey } from '../features/auth';",
      "import { createQueryClient } from '../app/queryClient';",
      "import { ApiError } from '../api/errors';",
      "import { i18n } from '../i18n';",
      "import { saveFile } from '../lib/saveFile';",
      'export const used = [notify, meKey, createQueryClient, ApiError, i18n, saveFile];',
    );
    for (const file of [
      'apps/web/src/lib/useFormMutation.ts',
      'apps/web/src/api/client.ts',
      'apps/web/src/i18n/index.ts',
      'apps/web/src/i18n/format.ts',
    ]) {
      expect(linesOf(await wallErrors(fixture, file))).toEqual([1, 2, 3]);
    }
    const [error] = await wallErrors(fixture, 'apps/web/src/lib/useFormMutation.ts');
    expect(error?.message).toMatch(/below components/);
  }, 120_000);

  test("app/ may import every layer, any feature's files included", async () => {
    const fixture = lines(
      "import { clinicKeys } from '../features/clinic/keys';",
      "import { LoginPage } from '../features/auth/LoginPage';",
      "import { LanguageSwitch } from '../components/LanguageSwitch';",
      "import { whenIdle } from '../lib/idle';",
      'export const used = [clinicKeys, LoginPage, LanguageSwitch, whenIdle];',
    );
    expect(await wallErrors(fixture, 'apps/web/src/app/AppLayout.tsx')).toEqual([]);
  }, 120_000);
});

/**
 * The circles among the features in `folder` (each subfolder one feature), as madge reads their
 * imports with the repository's `.madgerc` (type-only imports count): "a → b → a" for a pair.
 */
async function featureCircles(folder: string): Promise<string[]> {
  const config = JSON.parse(readFileSync(path.join(root, '.madgerc'), 'utf8')) as madge.MadgeConfig;
  const files = (await madge(folder, config)).obj();
  // Paths are relative to the folder: "clinic/SearchPage.tsx"; "../components/…" is outside every feature.
  const featureOf = (file: string) => (file.startsWith('../') ? undefined : file.split('/')[0]);
  const arrows = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(files)) {
    const from = featureOf(file);
    for (const to of imports.map(featureOf)) {
      if (from !== undefined && to !== undefined && to !== from) {
        arrows.set(from, (arrows.get(from) ?? new Set()).add(to));
      }
    }
  }
  const circles: string[] = [];
  const done = new Set<string>();
  const visit = (feature: string, trail: string[]) => {
    const start = trail.indexOf(feature);
    if (start >= 0) {
      circles.push([...trail.slice(start), feature].join(' → '));
      return;
    }
    if (done.has(feature)) {
      return;
    }
    for (const next of [...(arrows.get(feature) ?? [])].sort()) {
      visit(next, [...trail, feature]);
    }
    done.add(feature);
  };
  for (const feature of [...arrows.keys()].sort()) {
    visit(feature, []);
  }
  return circles;
}

describe('web features import one way only (docs/architecture.md "Web layers")', () => {
  test('no two features of the web app import each other, directly or round a circle', async () => {
    expect(await featureCircles(path.join(root, 'apps/web/src/features'))).toEqual([]);
  }, 120_000);

  test('a pair fails, through indexes and a type-only import too, and so does a circle of three; a chain passes', async () => {
    const chain = {
      'a/index.ts': "export { page } from './page';",
      'a/page.ts': "import { x } from '../b';\nexport const page = x;",
      'b/index.ts': "export { x } from './x';",
      'b/x.ts': "import { y } from '../c/y';\nexport const x = y;",
      'c/y.ts': 'export const y = 1;',
    };
    expect(await inFixtureFolder(chain, featureCircles)).toEqual([]);
    const pair = {
      ...chain,
      'a/index.ts': "export { page } from './page';\nexport type Page = number;",
      'b/x.ts': "import type { Page } from '../a';\nexport const x = 1 as Page;",
    };
    expect(await inFixtureFolder(pair, featureCircles)).toEqual(['a → b → a']);
    const circle = { ...chain, 'c/y.ts': "import { page } from '../a';\nexport const y = page;" };
    expect(await inFixtureFolder(circle, featureCircles)).toEqual(['a → b → c → a']);
  }, 60_000);
});
