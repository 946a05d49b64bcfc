import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { ListStatus, shiftDate } from '@graftmatch/domain';
import type { NewGraftRow } from '../../src/db/types';
import { startTestApp, type TestApp } from './app';
import { loginAs, seedDemoInto } from './auth';
import { TestClient } from './client';

// Helpers for the clinic, tissue-bank and admin API tests.

export const DEMO = {
  physicianA: 'dr.berg@demo.graftmatch.example',
  physicianB: 'dr.kaya@demo.graftmatch.example',
  employeeX: 'bank.north@demo.graftmatch.example',
  employeeY: 'bank.south@demo.graftmatch.example',
  admin: 'admin@demo.graftmatch.example',
  auditor: 'auditor@demo.graftmatch.example',
} as const;

export type Role = 'anonymous' | keyof typeof DEMO;
export const ROLES: readonly Role[] = [
  'anonymous',
  'physicianA',
  'physicianB',
  'employeeX',
  'employeeY',
  'admin',
  'auditor',
];

export interface DemoIds {
  users: Record<keyof typeof DEMO, string>;
  clinicA: string;
  clinicB: string;
  euteX: string;
  euteY: string;
}

export interface SeededApp {
  server: TestApp;
  ids: DemoIds;
  clients: Record<Role, TestClient>;
}

async function idOfUser(server: TestApp, email: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function firstMembership(
  server: TestApp,
  table: 'clinicMembers' | 'euteMembers',
  userId: string,
): Promise<string> {
  if (table === 'clinicMembers') {
    return (
      await server.database.db
        .selectFrom('clinicMembers')
        .select('clinicId')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).clinicId;
  }
  return (
    await server.database.db
      .selectFrom('euteMembers')
      .select('euteId')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).euteId;
}

/** The real app with the demo data, and a logged-in client per role (anonymous has an XSRF cookie only). */
export async function startSeededApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<SeededApp> {
  const server = await startTestApp(options);
  await seedDemoInto(server);
  const entries = await Promise.all(
    (Object.keys(DEMO) as (keyof typeof DEMO)[]).map(async (key) => [key, await idOfUser(server, DEMO[key])] as const),
  );
  const users = Object.fromEntries(entries) as DemoIds['users'];
  const ids: DemoIds = {
    users,
    clinicA: await firstMembership(server, 'clinicMembers', users.physicianA),
    clinicB: await firstMembership(server, 'clinicMembers', users.physicianB),
    euteX: await firstMembership(server, 'euteMembers', users.employeeX),
    euteY: await firstMembership(server, 'euteMembers', users.employeeY),
  };
  const anonymous = new TestClient(server.baseUrl);
  await anonymous.get('/api/health');
  const clients = { anonymous } as Record<Role, TestClient>;
  for (const key of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    clients[key] = await loginAs(server, DEMO[key]);
  }
  return { server, ids, clients };
}

/** The tables `dataFingerprint` covers: its key, the table, and the columns that order its rows. */
const FINGERPRINTED_TABLES = {
  users: ['users', 'id'],
  clinics: ['clinics', 'id'],
  eutes: ['eutes', 'id'],
  clinicMembers: ['clinic_members', 'user_id, clinic_id'],
  euteMembers: ['eute_members', 'user_id, eute_id'],
  grafts: ['grafts', 'id'],
  waitingListEntries: ['waiting_list_entries', 'id'],
  recoveryTokens: ['recovery_tokens', 'id'],
  sessions: ['refresh_token_families', 'id'],
  passkeys: ['passkeys', 'id'],
  auditLog: ['audit_log', 'id'],
  followups: ['followups', 'id'],
} as const;

/**
 * A fingerprint of everything the API may change: users, organisations, memberships, grafts,
 * waiting-list entries, invitation tokens, sessions, the audit log and follow-ups. Equal before and
 * after means nothing changed. Each table's rows are written out as text by the database itself
 * (every column, exactly), so a fingerprint costs one query per table and no rows in JavaScript.
 */
export async function dataFingerprint(server: TestApp): Promise<Record<string, string>> {
  const db = server.database.db;
  const result: Record<string, string> = {};
  for (const [key, [table, order]] of Object.entries(FINGERPRINTED_TABLES)) {
    const rowsAsText =
      server.target.engine === 'postgres'
        ? sql<{
            text: string | null;
          }>`select string_agg(t::text, chr(10) order by ${sql.raw(order)}) as text from ${sql.table(table)} t`
        : sql<{ text: string | null }>`select group_concat(line, char(10)) as text from (select ${sql.raw(
            await quotedColumnsOf(server, table),
          )} as line from ${sql.table(table)} order by ${sql.raw(order)})`;
    const { text } = (await rowsAsText.execute(db)).rows[0] ?? { text: null };
    result[key] = createHash('sha256')
      .update(text ?? '')
      .digest('hex');
  }
  return result;
}

/** Per database, per table: the columns' expression, read once (the tables do not change during a test). */
const quotedColumns = new WeakMap<object, Map<string, Promise<string>>>();

/** SQLite: an expression giving a row of `table` as text, each column as an SQL literal (`quote`). */
function quotedColumnsOf(server: TestApp, table: string): Promise<string> {
  const known = quotedColumns.get(server.database) ?? new Map<string, Promise<string>>();
  quotedColumns.set(server.database, known);
  let expression = known.get(table);
  if (!expression) {
    expression = sql<{ name: string }>`select name from pragma_table_info(${table})`
      .execute(server.database.db)
      .then(({ rows }) => rows.map(({ name }) => `quote("${name}")`).join(" || ',' || "));
    known.set(table, expression);
  }
  return expression;
}

/** Asserts an answer is an RFC 9457 problem with this status. */
export async function expectProblem(
  response: Response,
  status?: number,
): Promise<{ detail?: string; errors?: { field: string; message: string }[] }> {
  if (status !== undefined) {
    expect(response.status).toBe(status);
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await response.json()) as { type: string; title: string; status: number; detail?: string };
  expect(body).toMatchObject({ type: expect.any(String), title: expect.any(String), status: response.status });
  return body;
}

/** Today's UTC day, as expiry, implant windows and lists go (docs/decisions.md "Time zones"). */
export const today = () => new Date().toISOString().slice(0, 10);

export { clinicalToday } from './clock';

/** The first `limit` lots of a bank's grafts on a list (not archived), in lot order. */
export async function listedLots(app: SeededApp, euteId: string, limit: number): Promise<string[]> {
  const rows = await app.server.database.db
    .selectFrom('grafts')
    .select('eLot')
    .where('euteId', '=', euteId)
    .where('listStatus', 'is not', null)
    .orderBy('eLot')
    .limit(limit)
    .execute();
  return rows.map((row) => row.eLot);
}

/** Bank X's first free, unexpired graft by lot. */
export function aFreeGraftOfBankX(app: SeededApp): Promise<{ eLot: string; xLot: string | null }> {
  return app.server.database.db
    .selectFrom('grafts')
    .select(['eLot', 'xLot'])
    .where('euteId', '=', app.ids.euteX)
    .where('listStatus', '=', ListStatus.Free)
    .where('expiryDate', '>=', today())
    .orderBy('eLot')
    .executeTakeFirstOrThrow();
}

/** A released, free graft row of the given bank; tests override what their story is about. */
export function graftRow(euteId: string, overrides: Partial<NewGraftRow> = {}): NewGraftRow {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    eLot: `T-${randomUUID().slice(0, 8)}`,
    xLot: null,
    tLot: null,
    tProdName2: 5,
    tDproximal: 20,
    tDdistal: 20,
    tLmin: 20,
    tLmax: 40,
    tLleft: null,
    tLright: null,
    tDleft: null,
    tDright: null,
    iMin: null,
    iMax: null,
    aImplantPlan: null,
    dRemarksPublic: null,
    xRemarksPublic: null,
    patientInitial: null,
    patientMonth: null,
    patientYear: null,
    physicianName: null,
    physicianEmail: null,
    physicianPhone: null,
    processedUntil: null,
    aAlloNote: null,
    aDeliverNote: null,
    xSec: null,
    eName: 'Test bank',
    eEmail: 'bank@test.example',
    aRequestor: null,
    cName: null,
    decellularizationStatus: 1,
    decellularizationOut: '2025-01-01',
    releaseStatus: 1,
    releaseOut: '2025-01-10',
    assignmentOut: null,
    deliveryOut: null,
    implantationOut: null,
    expiryOut: shiftDate(today(), 365),
    traceabilityReportOut: null,
    euteId,
    clinicId: null,
    listStatus: 0,
    expiryDate: shiftDate(today(), 365),
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A GET that must answer 200: its body, and the list's total (`X-Total-Count`) when it has one. */
export async function readOk<T>(client: TestClient, path: string): Promise<{ body: T; total: number | null }> {
  const answer = await client.get(path);
  expect(answer.status, await answer.clone().text()).toBe(200);
  const total = answer.headers.get('x-total-count');
  return { body: (await answer.json()) as T, total: total === null ? null : Number(total) };
}
