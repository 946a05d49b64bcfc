import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUEST_STEP_BODIES } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listRegisteredRoutes } from '../../src/plugins/authentication';
import { startTestApp, type TestApp } from '../support/app';
import { testEngineName } from '../support/database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sources = path.join(root, 'apps/server/src');

/** The rows of docs/routes.md "Route → file": `METHOD /api/path` → file under apps/server/src. */
function documentedRoutes(): Map<string, string> {
  const doc = readFileSync(path.join(root, 'docs/routes.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Route → file'));
  const rows = [...section.matchAll(/^\| `([A-Z]+ \/api\/\S*)` \| `([^`]+)` \|$/gm)];
  return new Map(rows.map(([, route, file]) => [route as string, file as string]));
}

// A newcomer finds any route's module in one step: docs/routes.md names every
// route the server registers, and the file it names declares it.
describe(`the route → file table of docs/routes.md (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => {
    await server.close();
  });

  test('lists exactly the registered API routes', () => {
    const registered = listRegisteredRoutes(server.app)
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(80);
    expect([...documentedRoutes().keys()].sort()).toEqual([...new Set(registered)].sort());
  });

  test('names, for each route, a routes file that holds its path', () => {
    for (const [route, file] of documentedRoutes()) {
      const full = path.join(sources, file);
      expect(existsSync(full), `${route}: ${file}`).toBe(true);
      expect(file, route).toMatch(/\.routes\.ts$/);
      const lastWord = route
        .split('/')
        .filter((segment) => segment !== '' && !segment.startsWith(':'))
        .at(-1);
      // Request steps are registered from the domain's step map, so the file names the map, not each step.
      const isStep = route.includes('/requests/:id/') && lastWord !== undefined && lastWord in REQUEST_STEP_BODIES;
      expect(readFileSync(full, 'utf8'), `${route}: ${file}`).toContain(isStep ? 'requestStepRoutes' : `${lastWord}`);
    }
  });
});
