import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import madge from 'madge';
import { inFixtureFolder, lines, lintAs, repositoryRoot } from '../support/lint-fixture';

const root = repositoryRoot;

/** Lints a text with the repository's own ESLint config as if it were this file of the server. */
const wallErrors = (
  code: string,
  file = 'apps/server/src/modules/donations/donations.service.ts',
  rule = 'no-restricted-imports',
) => lintAs(code, file, rule);

describe('module walls (docs/architecture.md)', () => {
  test("a module that reaches into another module's repository or routes fails the lint", async () => {
    const fixture = lines(
      "import { findListedGraftByLot } from '../grafts/grafts.repository';",
      "import type { physicianGraftRoutes } from '../grafts/grafts.routes';",
      'export const reached = [findListedGraftByLot, null as unknown as typeof physicianGraftRoutes];',
    );
    const errors = await wallErrors(fixture);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
    expect(errors[0]?.message).toMatch(/call its service/);
  }, 120_000);

  test("the same module's repository and another module's service are allowed", async () => {
    const fixture = lines(
      "import { getDonation } from '../grafts/grafts.service';",
      "import { euteReadScope } from '../../identity/policy';",
      'export const allowed = [getDonation, euteReadScope];',
    );
    expect(await wallErrors(fixture)).toEqual([]);
    const own =
      "import { findListedGraftByLot } from './grafts.repository';\nexport const own = findListedGraftByLot;\n";
    expect(await wallErrors(own, 'apps/server/src/modules/grafts/grafts.service.ts')).toEqual([]);
  }, 120_000);

  test('a repository imports no other module, only db/, the paging types and the shared query helpers', async () => {
    const fixture = lines(
      "import { entryCriteria } from '../waitinglist/waitinglist.mapper';",
      "import type { Executor } from '../../db/executor';",
      "import type { Page } from '../../http/paging';",
      "import { inListStatus } from '../../queries/grafts';",
      "import { isOpenEntry } from '../../queries/waiting-list';",
      'export type Used = [Executor, Page];',
      'export const used = [entryCriteria, inListStatus, isOpenEntry];',
    );
    const errors = await wallErrors(fixture, 'apps/server/src/modules/requests/requests.repository.ts');
    expect(errors.map((error) => error.line)).toEqual([1]);
    expect(errors[0]?.message).toMatch(/src\/queries/);
  }, 120_000);

  test("routes call their module's service: no repository, no SQL, no database but its types", async () => {
    const fixture = lines(
      "import { findOpenEntry } from './waitinglist.repository';",
      "import { sql } from '../../db/dialect';",
      "import { isOpenEntry } from '../../queries/waiting-list';",
      "import type { Database } from '../../db/database';",
      "import { listEntries } from './waitinglist.service';",
      "import { problems } from '../../http/request-kit';",
      'export type Used = Database;',
      'export const used = [findOpenEntry, sql, isOpenEntry, listEntries, problems];',
    );
    const errors = await wallErrors(fixture, 'apps/server/src/modules/waitinglist/waitinglist.routes.ts');
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3]);
    expect(errors[0]?.message).toMatch(/SQL belongs to the repository/);
  }, 120_000);

  test('packages/domain imports nothing of Node, the server, the web or the apps', async () => {
    const fixture = lines(
      "import { createHash } from 'node:crypto';",
      "import type { FastifyRequest } from 'fastify';",
      "import { useState } from 'react';",
      "import { problems } from '../../../../apps/server/src/http/request-kit';",
      "import { Type } from '@sinclair/typebox';",
      "import { isoDate } from './dates';",
      'export type Used = FastifyRequest;',
      'export const used = [createHash, useState, problems, Type, isoDate];',
    );
    const errors = await wallErrors(fixture, 'packages/domain/src/rules/text.ts');
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3, 4]);
  }, 120_000);

  test('the shared query helpers build on db/ alone', async () => {
    const fixture = lines(
      "import { effectiveListStatus } from '../modules/grafts/grafts.mapper';",
      "import type { DB } from '../db/types';",
      'export type Tables = DB;',
      'export const used = effectiveListStatus;',
    );
    const errors = await wallErrors(fixture, 'apps/server/src/queries/grafts.ts');
    expect(errors.map((error) => error.line)).toEqual([1]);
  }, 120_000);

  test('http/ imports no plugin, no module and nothing of the identity kernel, not even a type', async () => {
    const fixture = lines(
      "import { ENCODINGS } from '../plugins/compression';",
      "import type { AuthDeps } from '../modules/auth/auth.deps';",
      "import type { Principal } from '../identity/principal';",
      "import { conflict } from './problem';",
      "import type { DataVersions } from '../db/data-versions';",
      'export type Used = [AuthDeps, Principal, DataVersions];',
      'export const used = [ENCODINGS, conflict];',
    );
    const errors = await wallErrors(fixture, 'apps/server/src/http/answer-cache.ts');
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3]);
    expect(errors[0]?.message).toMatch(/http\/ imports no plugin/);
  }, 120_000);

  test('the identity kernel imports no module, plugin or realtime/: it builds on http/, db/ and cache/', async () => {
    const fixture = lines(
      "import { recordAudit } from '../modules/audit/audit.service';",
      "import { AUTH_RATE_LIMIT } from '../plugins/rate-limit';",
      "import type { PushHub } from '../realtime/push-hub';",
      "import { forbidden } from '../http/problem';",
      "import type { Database } from '../db/database';",
      "import { VersionedCache } from '../cache/versioned-cache';",
      'export type Used = [PushHub, Database];',
      'export const used = [recordAudit, AUTH_RATE_LIMIT, forbidden, VersionedCache];',
    );
    const errors = await wallErrors(fixture, 'apps/server/src/identity/authenticator.ts');
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3]);
    expect(errors[0]?.message).toMatch(/identity kernel imports no module/);
  }, 120_000);

  test('db/ imports no module, plugin, http/ or demo data', async () => {
    const fixture = lines(
      "import { recordAudit } from '../modules/audit/audit.service';",
      "import { seedDemo } from '../demo/seed-demo';",
      "import { conflict } from '../http/problem';",
      'export const used = [recordAudit, seedDemo, conflict];',
    );
    const errors = await wallErrors(fixture, 'apps/server/src/db/database.ts');
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3]);
    expect(errors[0]?.message).toMatch(/infrastructure/);
  }, 120_000);

  test('plugins and realtime/ import no module, only the identity kernel', async () => {
    const fixture = lines(
      "import { findListedGraftByLot } from '../modules/grafts/grafts.repository';",
      "import { changePassword } from '../modules/auth/password.service';",
      "import type { AuthDeps } from '../modules/auth/auth.deps';",
      "import { requireUser } from '../identity/policy';",
      "import type { Authenticator } from '../identity/authenticator';",
      "import { bearerOf } from '../http/credentials';",
      'export type Used = [AuthDeps, Authenticator];',
      'export const used = [findListedGraftByLot, changePassword, requireUser, bearerOf];',
    );
    for (const file of ['apps/server/src/plugins/authentication.ts', 'apps/server/src/realtime/push.routes.ts']) {
      const errors = await wallErrors(fixture, file);
      expect(errors.map((error) => error.line)).toEqual([1, 2, 3]);
      expect(errors[0]?.message).toMatch(/only the identity kernel/);
    }
  }, 120_000);

  test('one module writes each table: a bank is written by the organisations, grafts by imports and requests', async () => {
    const fixture = lines(
      "import type { Executor } from '../../db/executor';",
      'export async function write(executor: Executor) {',
      "  await executor.updateTable('eutes').set({ leadTimeDays: 3 }).execute();",
      "  await executor.updateTable('grafts').set({ physicianName: null }).execute();",
      "  await executor.insertInto('graftRequests').values([]).execute();",
      "  await executor.deleteFrom('graftFiles').execute();",
      '}',
    );
    const linesOf = async (file: string) =>
      (await wallErrors(fixture, file, 'no-restricted-syntax')).map((error) => error.line);
    expect(await linesOf('apps/server/src/modules/requests/requests.repository.ts')).toEqual([3, 6]);
    expect(await linesOf('apps/server/src/modules/organisations/organisations.repository.ts')).toEqual([4, 5, 6]);
    expect(await linesOf('apps/server/src/modules/imports/imports.repository.ts')).toEqual([3, 5, 6]);
    expect(await linesOf('apps/server/src/modules/files/files.repository.ts')).toEqual([3, 4, 5]);
    expect(await linesOf('apps/server/src/modules/grafts/grafts.repository.ts')).toEqual([3, 4, 5, 6]);
    expect(await linesOf('apps/server/src/http/paging.ts')).toEqual([3, 4, 5, 6]);
    const [error] = await wallErrors(
      fixture,
      'apps/server/src/modules/grafts/grafts.repository.ts',
      'no-restricted-syntax',
    );
    expect(error?.message).toMatch(/Another module writes this table/);
  }, 120_000);

  test("a key's last use is stamped by the identity kernel, which writes no other table", async () => {
    const fixture = lines(
      "import type { Executor } from '../db/executor';",
      'export async function write(executor: Executor) {',
      "  await executor.updateTable('euteApiKeys').set({ lastUsedAt: null }).execute();",
      "  await executor.updateTable('users').set({ active: 0 }).execute();",
      '}',
    );
    const linesOf = async (file: string) =>
      (await wallErrors(fixture, file, 'no-restricted-syntax')).map((error) => error.line);
    expect(await linesOf('apps/server/src/identity/api-keys.repository.ts')).toEqual([4]);
    expect(await linesOf('apps/server/src/modules/imports/apikeys.repository.ts')).toEqual([4]);
    expect(await linesOf('apps/server/src/modules/fhir/fhir.repository.ts')).toEqual([3, 4]);
  }, 120_000);

  test('every table of the database type names its writers, so a new table cannot be written from anywhere', async () => {
    const types = readFileSync(path.join(root, 'apps/server/src/db/types.ts'), 'utf8');
    const tables = [...(/export interface DB \{([^}]*)\}/.exec(types)?.[1] ?? '').matchAll(/^\s*(\w+):/gm)].map(
      (match) => match[1],
    );
    const { TABLE_WRITERS } = (await import(pathToFileURL(path.join(root, 'apps/server/walls.config.js')).href)) as {
      TABLE_WRITERS: Record<string, string[]>;
    };
    expect(tables.length).toBeGreaterThan(20);
    expect(Object.keys(TABLE_WRITERS).sort()).toEqual(tables.sort());
  });
});

/**
 * The pairs of server folders that import each other (type-only imports count), as madge reads
 * src/ with the repository's `.madgerc`: a folder is the first segment of a path, `modules/<name>`
 * for a module; the root files (app.ts, features.ts, paths.ts) count as one folder, `src`; tests are
 * no folder.
 */
async function serverFolderPairs(src = path.join(root, 'apps/server/src')): Promise<string[]> {
  const config = JSON.parse(readFileSync(path.join(root, '.madgerc'), 'utf8')) as madge.MadgeConfig;
  const files = (await madge(src, config)).obj();
  const folderOf = (file: string) => {
    const parts = file.split('/');
    if (parts[0] === '..' || file.endsWith('.test.ts')) {
      return undefined;
    }
    if (parts.length === 1) {
      return 'src';
    }
    return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0];
  };
  const arrows = new Set<string>();
  for (const [file, imports] of Object.entries(files)) {
    const from = folderOf(file);
    for (const to of imports.map(folderOf)) {
      if (from !== undefined && to !== undefined && to !== from) {
        arrows.add(`${from} → ${to}`);
      }
    }
  }
  return [...arrows]
    .filter((arrow) => {
      const [from, to] = arrow.split(' → ');
      return from! < to! && arrows.has(`${to} → ${from}`);
    })
    .map((arrow) => arrow.replace(' → ', ' ↔ '));
}

describe('server folders (docs/architecture.md "Module walls")', () => {
  test('no two folders of the server import each other', async () => {
    expect(await serverFolderPairs()).toEqual([]);
  }, 120_000);

  test('a pair is found between folders, between two modules and with the root files; a one-way arrow is none', async () => {
    const files = {
      'app.ts': "import { start } from './cli/serve';\nexport const app = start;",
      'cli/serve.ts': "import type { Config } from '../app';\nexport const start = 1;\nexport type C = Config;",
      'http/kit.ts': "import { pool } from '../db/pool';\nexport const kit = pool;",
      'db/pool.ts': "import type { Kit } from '../http/types';\nexport const pool = 1;\nexport type P = Kit;",
      'http/types.ts': 'export type Kit = number;',
      'modules/a/a.service.ts': "import { b } from '../b/b.service';\nexport const a = b;",
      'modules/b/b.service.ts':
        "import { a } from '../a/a.service';\nimport { pool } from '../../db/pool';\nexport const b = [a, pool];",
      'queries/q.ts': "import { pool } from '../db/pool';\nexport const q = pool;",
      'queries/q.test.ts': "import { b } from '../modules/b/b.service';\nexport const t = b;",
    };
    expect((await inFixtureFolder(files, (folder) => serverFolderPairs(folder))).sort()).toEqual([
      'cli ↔ src',
      'db ↔ http',
      'modules/a ↔ modules/b',
    ]);
  }, 60_000);
});

/** The import circles madge finds among these files, with the repository's own `.madgerc`. */
async function circlesAmong(sources: Record<string, string>): Promise<string[][]> {
  const config = JSON.parse(readFileSync(path.join(root, '.madgerc'), 'utf8')) as madge.MadgeConfig;
  const files = Object.fromEntries(Object.entries(sources).map(([name, text]) => [`${name}.ts`, text]));
  return inFixtureFolder(files, async (folder) => (await madge(folder, config)).circular());
}

describe('import circles (npm run lint:cycles)', () => {
  test('a circle of imports, type-only ones included, is found and named; a chain is not', async () => {
    const sources = {
      service: "import { writeOrConflict } from './write';\nexport const a = writeOrConflict;",
      write: "import type { Deps } from './service';\nexport const writeOrConflict = 2;\nexport type W = Deps;",
      routes: "import { a } from './service';\nexport const b = a;",
    };
    expect(await circlesAmong(sources)).toEqual([['service.ts', 'write.ts']]);
    expect(await circlesAmong({ ...sources, write: 'export const writeOrConflict = 2;' })).toEqual([]);
  }, 60_000);
});
