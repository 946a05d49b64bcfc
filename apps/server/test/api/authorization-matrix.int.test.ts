import { randomUUID } from 'node:crypto';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { DEFAULT_NOTIFICATION_PREFERENCES, ListStatus } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportJWK, generateKeyPair } from 'jose';
import { listRegisteredRoutes } from '../../src/plugins/authentication';
import { createTestClinic, createTestUser, loginAs } from '../support/auth';
import {
  DEMO,
  ROLES,
  aFreeGraftOfBankX,
  dataFingerprint,
  expectProblem,
  startSeededApp,
  today,
  type Role,
  type SeededApp,
  clinicalToday,
} from '../support/clinical';
import { testEngineName } from '../support/database';
import { uploadFiles } from '../support/files';
import { deliveredRequest, implantedRequest } from '../support/clinical-records';
import { freeGraftOfX, packageCode, requestGraft } from '../support/requests';
import { dueFollowUpOfA } from '../support/followups';
import { demoPhoto, simplePdf } from '../../src/demo/demo-files/documents';
import { valveTubeStl } from '../../src/demo/demo-files/stl';
import { SoftAuthenticator } from '../support/passkeys';
import { graftMatchClient, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';

// The authorization matrix (docs/security.md, V8): every protected route (the clinic, tissue-bank and admin
// APIs, the caller's own user and sessions, push negotiate), called by anonymous, physicians of
// clinic A and B, employees of eute X and Y, an admin and an auditor. Each cell asserts its
// status; every refusal is problem+json, and a refused write leaves the data as it was.

type Expected = Record<Role, number>;
const expected = (ok: number, allowed: Role[], overrides: Partial<Expected> = {}): Expected => {
  const cells = Object.fromEntries(ROLES.map((role) => [role, allowed.includes(role) ? ok : 403])) as Expected;
  return { ...cells, anonymous: 401, ...overrides };
};
const PHYSICIANS: Role[] = ['physicianA', 'physicianB'];
const EMPLOYEES: Role[] = ['employeeX', 'employeeY'];
const EVERYONE: Role[] = ROLES.filter((role) => role !== 'anonymous');

const SEARCH = { query_type: 5, query_d_min: 15, query_d_max: 25, query_l_min: 10, query_l_l_min: 0, query_l_r_min: 0 };
const ENTRY = { ...SEARCH, patient_Code: 'M-05-2020', query_i_min: '2030-01-01', query_i_Max: '2030-03-01' };

interface Fixture {
  freeLot: string;
  clinicACurrentLot: string;
  euteXCurrentLot: string;
  entryOfA: string;
  /** A Free graft of bank X with a photo and a 3D model: physicians read, X and admins write. */
  fileLot: { lot: string; xLot: string };
  scratchUser: string;
  scratchClinic: string;
  /** A bank of its own for activation and deactivation, so that X's and Y's employees keep their area. */
  scratchEute: string;
  /** A clinic whose sign-on is set up, and the set-up's body (a real provider on 127.0.0.1). */
  ssoClinic: string;
  ssoBody: Record<string, unknown>;
  /** A graft of bank X implanted at clinic A, and a SAR draft of physician A on it. */
  implantedLotOfA: string;
  reportOfA: string;
  /** A follow-up recorded by physician A on that graft. */
  followUpOfA: string;
}

interface Cell {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Builds the path (and body) for one call; may create what the call works on. */
  request(
    app: SeededApp,
    fixture: Fixture,
    role: Role,
  ): Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expect: Expected;
}

let unique = 0;
const next = () => `${Date.now().toString(36)}-${(unique += 1)}`;

/** A browser's subscription as `PushSubscription.toJSON()` gives it, on a push service never called. */
const aPushSubscription = () => ({
  endpoint: `https://push.example/send/${randomUUID()}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

async function freshEntryOfA(app: SeededApp): Promise<string> {
  const answer = await app.clients.physicianA.post('/api/physician/waitinglist', ENTRY);
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { waitinglistid: string }).waitinglistid;
}

/** A second, fresh session of physician A (its own login), so ending it leaves A's client logged in. */
async function freshSessionOfA(app: SeededApp): Promise<string> {
  const spare = await loginAs(app.server, DEMO.physicianA);
  const sessions = (await (await spare.get('/api/users/sessions')).json()) as { id: string; current: boolean }[];
  const current = sessions.find((session) => session.current);
  expect(current).toBeDefined();
  return current?.id ?? '';
}

/** A registration of a fresh software passkey for `role` (the anonymous caller sends one made for physician A). */
async function passkeyRegistration(app: SeededApp, role: Role) {
  const client = app.clients[role === 'anonymous' ? 'physicianA' : role];
  const start = await client.post('/api/users/passkeys/options', {});
  expect(start.status).toBe(200);
  const { challengeId, options } = (await start.json()) as {
    challengeId: string;
    options: PublicKeyCredentialCreationOptionsJSON;
  };
  const origin = new URL(app.server.config.publicUrl).origin;
  return { challengeId, name: `Matrix ${next()}`, response: new SoftAuthenticator().register(options, { origin }) };
}

/** A fresh passkey of physician A; answers its id. */
async function freshPasskeyOfA(app: SeededApp): Promise<string> {
  const answer = await app.clients.physicianA.post('/api/users/passkeys', await passkeyRegistration(app, 'physicianA'));
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

async function scratchEute(app: SeededApp): Promise<string> {
  const answer = await app.clients.admin.post('/api/admin/eutes/add', {
    name: 'Scratch bank',
    euteNumber: 'SCRATCH-1',
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** Who reads the files of a Free graft of bank X: everyone but bank Y, to whom it does not exist. */
const FILE_READERS = expected(200, [...PHYSICIANS, 'employeeX', 'admin', 'auditor'], { employeeY: 404 });

/** Who is refused a record's delete: everyone who sees the implanted graft of clinic A and bank X. */
const RECORD_DELETE = expected(409, ['physicianA', 'employeeX', 'admin', 'auditor'], {
  physicianB: 404,
  employeeY: 404,
});
const RELEASE_STATEMENT = 'matrix-release.pdf';

async function freshPhoto(app: SeededApp, fixture: Fixture): Promise<string> {
  const name = `matrix-${next()}.jpg`;
  const answer = await uploadFiles(app.clients.admin, fixture.fileLot.lot, '0', [
    { name, bytes: await demoPhoto('m', 10, 32, 24) },
  ]);
  expect(answer.status).toBe(200);
  return name;
}

const SAR_PART_A = {
  reactionDate: '2026-01-10',
  reactionType: 'Infection',
  description: 'Fever after implantation.',
};
const SAR_PART_B = {
  confirmed: true,
  typeChanged: false,
  clinicalOutcome: 'complete-recovery',
  investigationOutcome: 'Contamination',
  correctiveActions: 'Rinse validated',
};

/** A fresh SAR of physician A on the implanted graft, taken to `stage`; answers its id. */
async function freshReport(
  app: SeededApp,
  fixture: Fixture,
  stage: 'draft' | 'complete' | 'notified' | 'quarantined',
): Promise<string> {
  const { physicianA, employeeX } = app.clients;
  const created = await physicianA.post('/api/vigilance/reports', { kind: 'SAR', lot: fixture.implantedLotOfA });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const ok = async (answer: Promise<Response>) => expect((await answer).status).toBe(200);
  if (stage !== 'draft') {
    await ok(physicianA.patch(`/api/vigilance/reports/${id}`, { sarNotification: SAR_PART_A }));
  }
  if (stage === 'notified') {
    await ok(physicianA.post(`/api/vigilance/reports/${id}/submit-notification`, {}));
    await ok(employeeX.patch(`/api/vigilance/reports/${id}`, { sarConfirmation: SAR_PART_B }));
  }
  if (stage === 'quarantined') {
    await ok(employeeX.post(`/api/vigilance/reports/${id}/quarantine`, {}));
  }
  return id;
}

/** Who reads a report of physician A on a graft of bank X: A, X, admins and auditors; to B and Y it does not exist. */
const REPORT_READERS = expected(200, ['physicianA', 'employeeX', 'admin', 'auditor'], {
  physicianB: 404,
  employeeY: 404,
});
/** Who writes it: its clinic and its bank; readers of all are refused. */
const REPORT_WRITERS = expected(200, ['physicianA', 'employeeX'], { physicianB: 404, employeeY: 404 });
/** Steps only its bank takes. */
const REPORT_BANK = expected(200, ['employeeX'], { physicianB: 404, employeeY: 404 });

const ROUTES: Record<string, Cell> = {
  'POST /api/physician/graftsearch': {
    method: 'POST',
    request: () => ({ path: '/api/physician/graftsearch', body: SEARCH }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'GET /api/physician/graftsearch/{free lot}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/physician/graftsearch/${f.freeLot}` }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'GET /api/physician/graftsearch/{clinic A current lot}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/physician/graftsearch/${f.clinicACurrentLot}` }),
    expect: expected(200, ['physicianA', 'auditor'], { physicianB: 404 }),
  },
  'GET /api/physician/waitinglist': {
    method: 'GET',
    request: () => ({ path: '/api/physician/waitinglist' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'POST /api/physician/waitinglist': {
    method: 'POST',
    request: () => ({ path: '/api/physician/waitinglist', body: ENTRY }),
    expect: expected(201, PHYSICIANS),
  },
  'PATCH /api/physician/waitinglist/{entry of A}': {
    method: 'PATCH',
    request: (_a, f) => ({ path: `/api/physician/waitinglist/${f.entryOfA}`, body: { query_l_min: 12 } }),
    expect: expected(200, ['physicianA'], { physicianB: 404 }),
  },
  'GET /api/physician/waitinglist/remove/{entry of A}': {
    method: 'GET',
    request: async (app) => ({ path: `/api/physician/waitinglist/remove/${await freshEntryOfA(app)}` }),
    expect: expected(204, ['physicianA'], { physicianB: 404 }),
  },
  'GET /api/physician/currentgrafts': {
    method: 'GET',
    request: () => ({ path: '/api/physician/currentgrafts' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'GET /api/physician/archivgrafts': {
    method: 'GET',
    request: () => ({ path: '/api/physician/archivgrafts' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },

  'GET /api/euteemployee/waitinglist': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/waitinglist' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  'GET /api/euteemployee/waitinglist/download': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/waitinglist/download' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  'POST /api/physician/requests': {
    method: 'POST',
    request: (_a, f) => ({ path: '/api/physician/requests', body: { lot: f.freeLot, patient_Code: 'M-05-2020' } }),
    expect: expected(201, PHYSICIANS),
  },
  'GET /api/physician/requests': {
    method: 'GET',
    request: () => ({ path: '/api/physician/requests' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'GET /api/physician/requests/lots': {
    method: 'GET',
    request: () => ({ path: '/api/physician/requests/lots' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'GET /api/euteemployee/requests': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/requests' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  // Physician A's request for a graft of bank X; the sides are per field in corrections.int.test.ts.
  'POST /api/requests/*/corrections': {
    method: 'POST',
    request: async (app) => ({
      path: `/api/requests/${(await implantedRequest(app, clinicalToday())).id}/corrections`,
      body: { field: 'implantedOn', value: clinicalToday(), reason: 'Matrix' },
    }),
    expect: expected(200, ['physicianA', 'admin'], { physicianB: 404, employeeY: 404 }),
  },
  'GET /api/requests/*/history': {
    method: 'GET',
    request: async (app) => ({
      path: `/api/requests/${(await requestGraft(app.clients.physicianA, { lot: await freeGraftOfX(app), patient_Code: 'C-05-2019' })).id}/history`,
    }),
    expect: expected(200, ['physicianA', 'employeeX', 'admin', 'auditor'], { physicianB: 404, employeeY: 404 }),
  },
  // A graft of bank X that physician A requested: its bank, A's clinic, admins and auditors read its history.
  'GET /api/grafts/history/*': {
    method: 'GET',
    request: async (app) => {
      const lot = await freeGraftOfX(app);
      await requestGraft(app.clients.physicianA, { lot, patient_Code: 'C-05-2019' });
      return { path: `/api/grafts/history/${lot}` };
    },
    expect: expected(200, ['physicianA', 'employeeX', 'admin', 'auditor'], { physicianB: 404, employeeY: 404 }),
  },
  'GET /api/euteemployee/currentdonations/{X current lot}/label': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/euteemployee/currentdonations/${f.euteXCurrentLot}/label?format=100x50` }),
    expect: expected(200, ['employeeX', 'auditor'], { employeeY: 404 }),
  },
  // A Free graft of bank X by its SEC: bank Y does not see it; admins are neither side.
  'GET /api/grafts/by-code/{SEC of a free graft of X}': {
    method: 'GET',
    request: async (app) => ({
      path: `/api/grafts/by-code/${encodeURIComponent(await packageCode(app, await freeGraftOfX(app)))}`,
    }),
    expect: expected(200, [...PHYSICIANS, 'employeeX', 'auditor'], { employeeY: 404 }),
  },
  // Physician A's delivered request, received with its graft's SEC.
  'POST /api/physician/requests/*/receive': {
    method: 'POST',
    request: async (app) => {
      const delivered = await deliveredRequest(app);
      return {
        path: `/api/physician/requests/${delivered.id}/receive`,
        body: { sec: await packageCode(app, delivered.lot) },
      };
    },
    expect: expected(200, ['physicianA'], { physicianB: 404 }),
  },
  'GET /api/euteemployee/currentdonations': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/currentdonations' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  'GET /api/euteemployee/currentdonations/{eute X lot}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/euteemployee/currentdonations/${f.euteXCurrentLot}` }),
    expect: expected(200, ['employeeX', 'auditor'], { employeeY: 404 }),
  },
  'GET /api/euteemployee/donationsarchiv': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/donationsarchiv' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },

  'GET /api/admin/users': {
    method: 'GET',
    request: () => ({ path: '/api/admin/users' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'GET /api/admin/user/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/user/${f.scratchUser}` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'POST /api/admin/users/add': {
    method: 'POST',
    request: () => ({
      path: '/api/admin/users/add',
      body: { firstName: 'New', lastName: 'User', email: `new-${next()}@clinic.example` },
    }),
    expect: expected(201, ['admin']),
  },
  'PATCH /api/admin/user': {
    method: 'PATCH',
    request: (_a, f) => ({ path: '/api/admin/user', body: { id: f.scratchUser, phone: next() } }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/user/activate/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/user/activate/${f.scratchUser}` }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/user/deactivate/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/user/deactivate/${f.scratchUser}` }),
    expect: expected(200, ['admin']),
  },
  'POST /api/admin/user/endsessions/{id}': {
    method: 'POST',
    request: (_a, f) => ({ path: `/api/admin/user/endsessions/${f.scratchUser}` }),
    expect: expected(204, ['admin']),
  },
  'GET /api/admin/clinics': {
    method: 'GET',
    request: () => ({ path: '/api/admin/clinics' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'GET /api/admin/clinics/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/clinics/${f.scratchClinic}` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'POST /api/admin/clinics/add': {
    method: 'POST',
    request: () => ({ path: '/api/admin/clinics/add', body: { c_Name: `Clinic ${next()}` } }),
    expect: expected(201, ['admin']),
  },
  'PATCH /api/admin/clinics/{id}': {
    method: 'PATCH',
    request: (_a, f) => ({ path: `/api/admin/clinics/${f.scratchClinic}`, body: { c_Name: `Scratch ${next()}` } }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/clinics/activate/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/clinics/activate/${f.scratchClinic}` }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/clinics/deactivate/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/clinics/deactivate/${f.scratchClinic}` }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/eutes': {
    method: 'GET',
    request: () => ({ path: '/api/admin/eutes' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'GET /api/admin/eutes/{id}': {
    method: 'GET',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'PATCH /api/admin/eutes/{id}': {
    method: 'PATCH',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}`, body: { phone: `+49 ${unique}` } }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/eutes/activate/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/eutes/activate/${f.scratchEute}` }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/eutes/deactivate/{id}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/eutes/deactivate/${f.scratchEute}` }),
    expect: expected(200, ['admin']),
  },
  'PATCH /api/admin/eutes/{id}/leadtime': {
    method: 'PATCH',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}/leadtime`, body: { days: 3 } }),
    expect: expected(200, ['admin']),
  },
  'GET /api/admin/eutes/{id}/reminders': {
    method: 'GET',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}/reminders` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'PATCH /api/admin/eutes/{id}/reminders': {
    method: 'PATCH',
    request: (a) => ({
      path: `/api/admin/eutes/${a.ids.euteY}/reminders`,
      body: { expiryReminderDays: [60, 14], importSilenceDays: 5, unansweredRequestHours: { remind: 2, escalate: 8 } },
    }),
    expect: expected(200, ['admin']),
  },
  'POST /api/admin/eutes/add': {
    method: 'POST',
    request: () => ({ path: '/api/admin/eutes/add', body: { name: `Bank ${next()}`, euteNumber: `M${next()}` } }),
    expect: expected(201, ['admin']),
  },
  // API keys of a bank: listed by admins and auditors, made and revoked by admins (apikeys.int.test.ts).
  'GET /api/admin/eutes/{id}/apikeys': {
    method: 'GET',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}/apikeys` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'POST /api/admin/eutes/{id}/apikeys': {
    method: 'POST',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}/apikeys`, body: { label: `matrix ${next()}` } }),
    expect: expected(201, ['admin']),
  },
  'DELETE /api/admin/eutes/{id}/apikeys/{unknown key}': {
    method: 'DELETE',
    request: (a) => ({ path: `/api/admin/eutes/${a.ids.euteY}/apikeys/${randomUUID()}` }),
    expect: expected(404, ['admin']),
  },
  'GET /api/admin/auditlog': {
    method: 'GET',
    request: () => ({ path: '/api/admin/auditlog' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'GET /api/admin/auditlog/export': {
    method: 'GET',
    request: () => ({ path: '/api/admin/auditlog/export?hideSignIns=true' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'GET /api/admin/audit/verify': {
    method: 'GET',
    request: () => ({ path: '/api/admin/audit/verify' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  // Each role's home: physicians, bank employees, admins; auditors read all three (dashboards.int.test.ts).
  'GET /api/physician/dashboard': {
    method: 'GET',
    request: () => ({ path: '/api/physician/dashboard' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  // Marking one's own waiting list seen is the caller's own state, so auditors may too (dashboards.homes.int.test.ts).
  'POST /api/physician/dashboard/matches-seen': {
    method: 'POST',
    request: () => ({ path: '/api/physician/dashboard/matches-seen' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'GET /api/euteemployee/dashboard': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/dashboard' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  'GET /api/euteemployee/dashboard/trend': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/dashboard/trend' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  'GET /api/admin/dashboard': {
    method: 'GET',
    request: () => ({ path: '/api/admin/dashboard' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  // The mail outbox: read by admins and auditors, a failed mail sent again by admins (mail-outbox.int.test.ts).
  'GET /api/admin/mails': {
    method: 'GET',
    request: () => ({ path: '/api/admin/mails?state=failed' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'POST /api/admin/mails/{unknown mail}/retry': {
    method: 'POST',
    request: () => ({ path: `/api/admin/mails/${randomUUID()}/retry` }),
    expect: expected(404, ['admin']),
  },
  'POST /api/admin/testR': {
    method: 'POST',
    request: () => ({ path: '/api/admin/testR', body: { message: 'matrix' } }),
    expect: expected(200, ['admin']),
  },

  // Everyone's own notification centre: nobody reads or marks another's (notifications.int.test.ts).
  'GET /api/notifications': {
    method: 'GET',
    request: () => ({ path: '/api/notifications?unread=true&limit=10' }),
    expect: expected(200, EVERYONE),
  },
  'POST /api/notifications/read': {
    method: 'POST',
    request: () => ({ path: '/api/notifications/read', body: { all: true } }),
    expect: expected(200, EVERYONE),
  },

  'GET /api/users/getmyuser': {
    method: 'GET',
    request: () => ({ path: '/api/users/getmyuser' }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/users/settings': {
    method: 'GET',
    request: () => ({ path: '/api/users/settings' }),
    expect: expected(200, EVERYONE),
  },
  'PATCH /api/users/settings': {
    method: 'PATCH',
    request: () => ({ path: '/api/users/settings', body: { matchMails: true, dismissedHints: [] } }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/push/vapid-public-key': {
    method: 'GET',
    request: () => ({ path: '/api/push/vapid-public-key' }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/me/push-subscriptions': {
    method: 'GET',
    request: () => ({ path: '/api/me/push-subscriptions' }),
    expect: expected(200, EVERYONE),
  },
  'POST /api/me/push-subscriptions': {
    method: 'POST',
    request: () => ({ path: '/api/me/push-subscriptions', body: aPushSubscription() }),
    expect: expected(201, EVERYONE),
  },
  // Only A may remove A's device; to anyone else it does not exist.
  'DELETE /api/me/push-subscriptions/{device of A}': {
    method: 'DELETE',
    request: async (app) => {
      const answer = await app.clients.physicianA.post('/api/me/push-subscriptions', aPushSubscription());
      return { path: `/api/me/push-subscriptions/${((await answer.json()) as { id: string }).id}` };
    },
    expect: expected(404, EVERYONE, { physicianA: 204 }),
  },
  'GET /api/me/notification-preferences': {
    method: 'GET',
    request: () => ({ path: '/api/me/notification-preferences' }),
    expect: expected(200, EVERYONE),
  },
  'PUT /api/me/notification-preferences': {
    method: 'PUT',
    request: () => ({ path: '/api/me/notification-preferences', body: DEFAULT_NOTIFICATION_PREFERENCES }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/users/sessions': {
    method: 'GET',
    request: () => ({ path: '/api/users/sessions' }),
    expect: expected(200, EVERYONE),
  },
  // Only A may end A's session; to anyone else it does not exist.
  'DELETE /api/users/sessions/{session of A}': {
    method: 'DELETE',
    request: async (app) => ({ path: `/api/users/sessions/${await freshSessionOfA(app)}` }),
    expect: expected(404, EVERYONE, { physicianA: 204 }),
  },
  'POST /api/users/passkeys/options': {
    method: 'POST',
    request: () => ({ path: '/api/users/passkeys/options', body: {} }),
    expect: expected(200, EVERYONE),
  },
  'POST /api/users/passkeys': {
    method: 'POST',
    request: async (app, _f, role) => ({ path: '/api/users/passkeys', body: await passkeyRegistration(app, role) }),
    expect: expected(201, EVERYONE),
  },
  'GET /api/users/passkeys': {
    method: 'GET',
    request: () => ({ path: '/api/users/passkeys' }),
    expect: expected(200, EVERYONE),
  },
  // Only A may rename or remove A's passkey; to anyone else it does not exist.
  'PATCH /api/users/passkeys/{passkey of A}': {
    method: 'PATCH',
    request: async (app) => ({ path: `/api/users/passkeys/${await freshPasskeyOfA(app)}`, body: { name: 'Renamed' } }),
    expect: expected(404, EVERYONE, { physicianA: 200 }),
  },
  'DELETE /api/users/passkeys/{passkey of A}': {
    method: 'DELETE',
    request: async (app) => ({ path: `/api/users/passkeys/${await freshPasskeyOfA(app)}` }),
    expect: expected(404, EVERYONE, { physicianA: 204 }),
  },
  'GET /api/admin/sso/{type}/{clinic with sign-on}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/admin/sso/clinic/${f.ssoClinic}` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'PUT /api/admin/sso/{type}/{clinic with sign-on}': {
    method: 'PUT',
    request: (_a, f) => ({ path: `/api/admin/sso/clinic/${f.ssoClinic}`, body: f.ssoBody }),
    expect: expected(200, ['admin']),
  },
  // Each call removes a sign-on of its own clinic, set up just before.
  'DELETE /api/admin/sso/{type}/{clinic with sign-on}': {
    method: 'DELETE',
    request: async (app, f) => {
      const clinic = await createTestClinic(app.server);
      const domain = `matrix-${next()}.example`;
      const body = { ...f.ssoBody, emailDomains: [domain] };
      expect((await app.clients.admin.put(`/api/admin/sso/clinic/${clinic}`, body)).status).toBe(200);
      return { path: `/api/admin/sso/clinic/${clinic}` };
    },
    expect: expected(204, ['admin']),
  },
  // System clients (SMART Backend Services): listed by admins and auditors, registered and revoked by admins.
  'GET /api/admin/system-clients/{type}/{clinic}': {
    method: 'GET',
    request: (a) => ({ path: `/api/admin/system-clients/clinic/${a.ids.clinicB}` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'POST /api/admin/system-clients/{type}/{clinic}': {
    method: 'POST',
    request: async (a) => {
      const { publicKey } = await generateKeyPair('ES384');
      return {
        path: `/api/admin/system-clients/clinic/${a.ids.clinicB}`,
        body: {
          name: `System ${next()}`,
          jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: `k${next()}` }] },
          scopes: ['system/Procedure.rs'],
        },
      };
    },
    expect: expected(201, ['admin']),
  },
  'POST /api/admin/system-clients/{type}/{clinic}/{unknown client}/revoke': {
    method: 'POST',
    request: (a) => ({ path: `/api/admin/system-clients/clinic/${a.ids.clinicB}/${randomUUID()}/revoke`, body: {} }),
    expect: expected(404, ['admin']),
  },
  'GET /api/admin/signin-settings': {
    method: 'GET',
    request: () => ({ path: '/api/admin/signin-settings' }),
    expect: expected(200, ['admin', 'auditor']),
  },
  'PUT /api/admin/signin-settings': {
    method: 'PUT',
    request: () => ({ path: '/api/admin/signin-settings', body: { adminsNeedPasskey: false } }),
    expect: expected(200, ['admin']),
  },
  'GET /api/file/getimage/{xlot}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/file/getimage/${f.fileLot.xLot}?thumb=true` }),
    expect: FILE_READERS,
  },
  'GET /api/file/getstlfile/{lot}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/file/getstlfile/${f.fileLot.lot}` }),
    expect: FILE_READERS,
  },
  'GET /api/file/getfile/{type}/{name}': {
    method: 'GET',
    request: () => ({ path: '/api/file/getfile/stl/matrix.stl' }),
    expect: FILE_READERS,
  },
  'GET /api/file/getzipfile/{type}/{lot}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/file/getzipfile/0/${f.fileLot.lot}` }),
    expect: FILE_READERS,
  },
  'DELETE /api/media/files/{type}/{fresh photo}': {
    method: 'DELETE',
    request: async (a, f) => ({ path: `/api/media/files/0/${await freshPhoto(a, f)}` }),
    expect: expected(200, ['employeeX', 'admin'], { employeeY: 404 }),
  },
  // Records (docs/decisions.md, "Records"): nobody deletes them, whatever may write the graft's files.
  'DELETE /api/media/files/{type}/{traceability report}': {
    method: 'DELETE',
    request: (_a, f) => ({
      path: `/api/media/files/7/Traceability_report_${f.implantedLotOfA}.pdf?lot=${f.implantedLotOfA}`,
    }),
    expect: RECORD_DELETE,
  },
  'DELETE /api/media/files/{type}/{delivery note}': {
    method: 'DELETE',
    request: (_a, f) => ({
      path: `/api/media/files/3/Delivery_note_${f.implantedLotOfA}.pdf?lot=${f.implantedLotOfA}`,
    }),
    expect: RECORD_DELETE,
  },
  'DELETE /api/media/files/{type}/{release statement of an assigned graft}': {
    method: 'DELETE',
    request: (_a, f) => ({ path: `/api/media/files/1/${RELEASE_STATEMENT}?lot=${f.implantedLotOfA}` }),
    expect: RECORD_DELETE,
  },
  'POST /api/push/negotiate': {
    method: 'POST',
    request: () => ({ path: '/api/push/negotiate?negotiateVersion=1' }),
    expect: expected(200, EVERYONE),
  },

  // Import logs: the seeded data has none yet, so the allowed roles find nothing (404);
  // per-bank visibility is proven in modules/imports/imports.int.test.ts.
  'GET /api/import/logs': {
    method: 'GET',
    request: () => ({ path: '/api/import/logs' }),
    expect: expected(200, [...EMPLOYEES, 'admin', 'auditor']),
  },
  'GET /api/import/logs/{id}': {
    method: 'GET',
    request: () => ({ path: `/api/import/logs/${randomUUID()}` }),
    expect: expected(404, [...EMPLOYEES, 'admin', 'auditor']),
  },
  // Exports: employees their own bank (by default), admins and auditors any bank they name.
  'GET /api/euteemployee/export': {
    method: 'GET',
    request: (a, _f, role) => ({
      path: `/api/euteemployee/export?format=json${['admin', 'auditor'].includes(role) ? `&bank=${a.ids.euteY}` : ''}`,
    }),
    expect: expected(200, [...EMPLOYEES, 'admin', 'auditor']),
  },
  // The empty file to fill in: for importers, and auditors, who read everything.
  'GET /api/import/template': {
    method: 'GET',
    request: () => ({ path: '/api/import/template?format=xlsx' }),
    expect: expected(200, [...EMPLOYEES, 'admin', 'auditor']),
  },
  'GET /api/file/lastimportlog': {
    method: 'GET',
    request: () => ({ path: '/api/file/lastimportlog' }),
    // The demo's grafts came in through the importer, so every bank has an import log.
    expect: expected(200, [...EMPLOYEES, 'admin', 'auditor']),
  },
  // FHIR: searches answer each caller what they may read (docs/fhir.md), refusals are OperationOutcomes.
  'GET /api/fhir/R5/SearchParameter/{expiration-date}': {
    method: 'GET',
    request: () => ({ path: '/api/fhir/R5/SearchParameter/expiration-date' }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/fhir/R5/BiologicallyDerivedProduct': {
    method: 'GET',
    request: () => ({ path: '/api/fhir/R5/BiologicallyDerivedProduct?product-status=available&_count=5' }),
    expect: expected(200, EVERYONE),
  },
  // A Free graft of bank X: physicians read it (it is searchable), bank Y does not see it.
  'GET /api/fhir/R5/BiologicallyDerivedProduct/{free graft of X}': {
    method: 'GET',
    request: async (a, f) => {
      const graft = await a.server.database.db
        .selectFrom('grafts')
        .select('id')
        .where('eLot', '=', f.fileLot.lot)
        .executeTakeFirstOrThrow();
      return { path: `/api/fhir/R5/BiologicallyDerivedProduct/${graft.id}` };
    },
    expect: expected(200, [...PHYSICIANS, 'employeeX', 'admin', 'auditor'], { employeeY: 404 }),
  },
  'GET /api/fhir/R5/BiologicallyDerivedProductDispense': {
    method: 'GET',
    request: () => ({ path: '/api/fhir/R5/BiologicallyDerivedProductDispense?status=issued' }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/fhir/R5/Procedure': {
    method: 'GET',
    request: () => ({ path: '/api/fhir/R5/Procedure' }),
    expect: expected(200, EVERYONE),
  },
  // Vigilance: physicians on grafts implanted at their clinic, employees on grafts of their bank.
  'POST /api/vigilance/reports': {
    method: 'POST',
    request: (_a, f) => ({ path: '/api/vigilance/reports', body: { kind: 'SAR', lot: f.implantedLotOfA } }),
    expect: expected(201, ['physicianA', 'employeeX'], { physicianB: 404, employeeY: 404 }),
  },
  'GET /api/vigilance/reports': {
    method: 'GET',
    request: () => ({ path: '/api/vigilance/reports?state=draft&limit=5' }),
    expect: expected(200, EVERYONE),
  },
  'GET /api/vigilance/reports/{report of A}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/vigilance/reports/${f.reportOfA}` }),
    expect: REPORT_READERS,
  },
  // The report as a FHIR AdverseEvent: whoever reads the report.
  'GET /api/fhir/R5/AdverseEvent/{report of A}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/fhir/R5/AdverseEvent/${f.reportOfA}` }),
    expect: REPORT_READERS,
  },
  'GET /api/vigilance/reports/{report of A}/lookback': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/vigilance/reports/${f.reportOfA}/lookback` }),
    expect: REPORT_READERS,
  },
  'PATCH /api/vigilance/reports/{report of A}': {
    method: 'PATCH',
    request: (_a, f) => ({
      path: `/api/vigilance/reports/${f.reportOfA}`,
      body: { sarNotification: { reactionType: 'Infection' } },
    }),
    expect: REPORT_WRITERS,
  },
  'POST /api/vigilance/reports/{complete draft}/submit-notification': {
    method: 'POST',
    request: async (a, f) => ({
      path: `/api/vigilance/reports/${await freshReport(a, f, 'complete')}/submit-notification`,
    }),
    expect: REPORT_WRITERS,
  },
  'POST /api/vigilance/reports/{notified report}/confirm': {
    method: 'POST',
    request: async (a, f) => ({ path: `/api/vigilance/reports/${await freshReport(a, f, 'notified')}/confirm` }),
    expect: REPORT_BANK,
  },
  'POST /api/vigilance/reports/{report}/quarantine': {
    method: 'POST',
    request: async (a, f) => ({ path: `/api/vigilance/reports/${await freshReport(a, f, 'draft')}/quarantine` }),
    expect: REPORT_BANK,
  },
  'POST /api/vigilance/reports/{quarantined report}/lift-quarantine': {
    method: 'POST',
    request: async (a, f) => ({
      path: `/api/vigilance/reports/${await freshReport(a, f, 'quarantined')}/lift-quarantine`,
      body: { reason: 'Cleared' },
    }),
    expect: REPORT_BANK,
  },
  'POST /api/vigilance/quarantine/release-orphaned': {
    method: 'POST',
    request: () => ({ path: '/api/vigilance/quarantine/release-orphaned', body: { reason: 'Repair' } }),
    expect: expected(200, ['admin']),
  },
  // Follow-ups: physicians their clinics' (a fresh one of A due today to record), banks their grafts', auditors all.
  'GET /api/physician/followups': {
    method: 'GET',
    request: () => ({ path: '/api/physician/followups?state=due&limit=5' }),
    expect: expected(200, [...PHYSICIANS, 'auditor']),
  },
  'PUT /api/physician/followups/{due follow-up of A}': {
    method: 'PUT',
    request: async (app) => ({
      path: `/api/physician/followups/${await dueFollowUpOfA(app, clinicalToday())}`,
      body: { date: clinicalToday(), patientStatus: 'alive', graftStatus: 'functioning' },
    }),
    expect: expected(200, ['physicianA'], { physicianB: 404 }),
  },
  'POST /api/physician/followups/{due follow-up of A}/lost': {
    method: 'POST',
    request: async (app) => ({
      path: `/api/physician/followups/${await dueFollowUpOfA(app, clinicalToday())}/lost`,
      body: { reason: 'Moved abroad' },
    }),
    expect: expected(200, ['physicianA'], { physicianB: 404 }),
  },
  'POST /api/physician/followups': {
    method: 'POST',
    request: (_a, f) => ({
      path: '/api/physician/followups',
      body: {
        lot: f.implantedLotOfA,
        date: clinicalToday(),
        patientStatus: 'alive',
        graftStatus: 'reintervention',
        reinterventionDate: clinicalToday(),
        reinterventionKind: 'catheter',
      },
    }),
    expect: expected(201, ['physicianA'], { physicianB: 404 }),
  },
  'GET /api/euteemployee/followups': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/euteemployee/followups?lot=${f.implantedLotOfA}` }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  'GET /api/euteemployee/outcomes': {
    method: 'GET',
    request: () => ({ path: '/api/euteemployee/outcomes?type=5' }),
    expect: expected(200, [...EMPLOYEES, 'auditor']),
  },
  // Another bank's view is refused its employees, whether or not that bank has grafts.
  'GET /api/euteemployee/outcomes?bank={bank X}': {
    method: 'GET',
    request: (a) => ({ path: `/api/euteemployee/outcomes?bank=${a.ids.euteX}&format=csv` }),
    expect: expected(200, ['employeeX', 'auditor']),
  },
  'GET /api/admin/outcomes': {
    method: 'GET',
    request: (a, _f, role) => ({ path: `/api/admin/outcomes${role === 'auditor' ? `?bank=${a.ids.euteY}` : ''}` }),
    expect: expected(200, ['admin', 'auditor']),
  },
  // Follow-ups as Observations: who reads the follow-ups (admins do not), the other clinic and bank not even one.
  'GET /api/fhir/R5/Observation': {
    method: 'GET',
    request: () => ({ path: '/api/fhir/R5/Observation?status=final&_count=5' }),
    expect: expected(200, [...PHYSICIANS, ...EMPLOYEES, 'auditor']),
  },
  'GET /api/fhir/R5/Observation/{follow-up of A}': {
    method: 'GET',
    request: (_a, f) => ({ path: `/api/fhir/R5/Observation/${f.followUpOfA}` }),
    expect: expected(200, ['physicianA', 'employeeX', 'auditor'], { physicianB: 404, employeeY: 404 }),
  },
  'GET /api/fhir/R5/$export': {
    method: 'GET',
    request: (a, _f, role) => ({
      path: `/api/fhir/R5/$export${['admin', 'auditor'].includes(role) ? `?bank=${a.ids.euteY}` : ''}`,
    }),
    expect: expected(200, [...EMPLOYEES, 'admin', 'auditor']),
  },
};

// Subscriptions are a system client's (docs/fhir.md "Subscriptions"): no person may make, read or end one;
// the clients themselves in modules/fhirsubscriptions/subscriptions.int.test.ts.
const NO_PERSON = expected(200, []);
ROUTES['POST /api/fhir/R5/Subscription'] = {
  method: 'POST',
  request: () => ({
    path: '/api/fhir/R5/Subscription',
    body: {
      resourceType: 'Subscription',
      topic: 'https://graftmatch.org/fhir/SubscriptionTopic/clinic-graft-state',
      channelType: { code: 'rest-hook' },
      endpoint: 'https://hospital.example/hook',
    },
  }),
  expect: NO_PERSON,
};
ROUTES['GET /api/fhir/R5/Subscription'] = {
  method: 'GET',
  request: () => ({ path: '/api/fhir/R5/Subscription' }),
  expect: NO_PERSON,
};
for (const [method, suffix] of [
  ['GET', ''],
  ['GET', '/$status'],
  ['DELETE', ''],
] as const) {
  ROUTES[`${method} /api/fhir/R5/Subscription/{unknown}${suffix}`] = {
    method,
    request: () => ({ path: `/api/fhir/R5/Subscription/${randomUUID()}${suffix}` }),
    expect: NO_PERSON,
  };
}

// FHIR R4 answers each caller exactly as R5 does (docs/fhir.md "R4"): every R5 row again on the
// R4 base, the hand-overs as R4's Basic.
const onR4 = (text: string) =>
  text.replace('/api/fhir/R5/', '/api/fhir/R4/').replace('BiologicallyDerivedProductDispense', 'Basic');
for (const [name, cell] of Object.entries(ROUTES)) {
  if (name.includes('/api/fhir/R5/')) {
    ROUTES[onR4(name)] = {
      ...cell,
      request: async (app, fixture, role) => {
        const request = await cell.request(app, fixture, role);
        return { ...request, path: onR4(request.path) };
      },
    };
  }
}

// The topics: R5 only, for anyone who reads FHIR.
ROUTES['GET /api/fhir/R5/SubscriptionTopic'] = {
  method: 'GET',
  request: () => ({ path: '/api/fhir/R5/SubscriptionTopic' }),
  expect: expected(200, EVERYONE),
};
ROUTES['GET /api/fhir/R5/SubscriptionTopic/{bank topic}'] = {
  method: 'GET',
  request: () => ({ path: '/api/fhir/R5/SubscriptionTopic/bank-graft-events' }),
  expect: expected(200, EVERYONE),
};

/**
 * Protected routes left out of the matrix, each the same for every role and proven elsewhere:
 * logging out and changing one's password (auth-flow, recovery and password tests), the
 * WebSocket itself (push-protocol.int.test.ts), and the multipart graft upload, whose roles and
 * banks modules/imports/imports.int.test.ts proves.
 */
const NOT_IN_MATRIX = [
  'GET /api/users/logout',
  'POST /api/users/resetpassword',
  // The push transports: a poll, a send and a close are bound to one connection's token (push.int.test.ts).
  'GET /api/push',
  'POST /api/push',
  'DELETE /api/push',
  'POST /api/import/grafts',
  // Multipart, per role in files.int.test.ts.
  'POST /api/media/uploadfiles',
  // Each step needs a request in the state before it; per role and tenant in requests.int.test.ts.
  ...['confirm', 'withdraw', 'implant', 'return'].map((action) => `POST /api/physician/requests/*/${action}`),
  ...['reserve', 'decline', 'assign', 'deliver'].map((action) => `POST /api/euteemployee/requests/*/${action}`),
];

/** Writes: non-GET routes, and the GET routes that change data (spec §7's remove, activate, deactivate). */
const isWrite = (name: string) => !name.startsWith('GET') || /\/(remove|activate|deactivate)\//.test(name);

async function graftWithFiles(app: SeededApp): Promise<Fixture['fileLot']> {
  const graft = await aFreeGraftOfBankX(app);
  const photo = await uploadFiles(app.clients.employeeX, graft.eLot, '0', [
    { name: 'matrix.jpg', bytes: await demoPhoto('m', 10, 32, 24) },
  ]);
  const model = await uploadFiles(app.clients.employeeX, graft.eLot, 'stl', [
    { name: 'matrix.stl', bytes: valveTubeStl(20, 20, 8, 2) },
  ]);
  expect([photo.status, model.status]).toEqual([200, 200]);
  return { lot: graft.eLot, xLot: graft.xLot ?? '' };
}

describe(`authorization matrix of the clinic, tissue-bank and admin APIs (${testEngineName()})`, () => {
  let app: SeededApp;
  let fixture: Fixture;
  let idp: TestOidcProvider;
  const ssoClient = graftMatchClient('http://localhost:3000', 'matrix-clinic');

  beforeAll(async () => {
    app = await startSeededApp();
    idp = await startOidcProvider([ssoClient]);
    const db = app.server.database.db;
    const day = today();
    const free = await db
      .selectFrom('grafts')
      .select('eLot')
      .where('listStatus', '=', ListStatus.Free)
      .where('expiryDate', '>=', day)
      .executeTakeFirstOrThrow();
    const current = (clinicOrEute: { clinicId?: string; euteId?: string }) => {
      let query = db
        .selectFrom('grafts')
        .select('eLot')
        .where('listStatus', '=', ListStatus.Current)
        .where('expiryDate', '>=', day);
      query = clinicOrEute.clinicId
        ? query.where('clinicId', '=', clinicOrEute.clinicId)
        : query.where('euteId', '=', clinicOrEute.euteId ?? '');
      return query.executeTakeFirstOrThrow();
    };
    const entry = await db
      .selectFrom('waitingListEntries')
      .select('id')
      .where('ownerUserId', '=', app.ids.users.physicianA)
      .executeTakeFirstOrThrow();
    fixture = {
      freeLot: free.eLot,
      clinicACurrentLot: (await current({ clinicId: app.ids.clinicA })).eLot,
      euteXCurrentLot: (await current({ euteId: app.ids.euteX })).eLot,
      entryOfA: entry.id,
      fileLot: await graftWithFiles(app),
      scratchUser: (await createTestUser(app.server, { lastName: 'Scratch' })).id,
      scratchClinic: await createTestClinic(app.server, { name: 'Scratch clinic' }),
      scratchEute: await scratchEute(app),
      ssoClinic: await createTestClinic(app.server, { name: 'Clinic with sign-on' }),
      ssoBody: {
        issuer: idp.issuer,
        clientId: ssoClient.clientId,
        clientSecret: ssoClient.clientSecret,
        emailDomains: ['matrix-sso.example'],
        provisioning: 'off',
      },
      implantedLotOfA: '',
      reportOfA: '',
      followUpOfA: '',
    };
    const ssoSetUp = await app.clients.admin.put(`/api/admin/sso/clinic/${fixture.ssoClinic}`, fixture.ssoBody);
    expect(ssoSetUp.status).toBe(200);
    fixture.implantedLotOfA = (await implantedRequest(app, clinicalToday())).lot;
    const statement = await uploadFiles(app.clients.employeeX, fixture.implantedLotOfA, '1', [
      { name: RELEASE_STATEMENT, bytes: await simplePdf('Release statement', ['matrix'], new Date()) },
    ]);
    expect(statement.status).toBe(200);
    fixture.reportOfA = await freshReport(app, fixture, 'draft');
    const followUp = await app.clients.physicianA.post('/api/physician/followups', {
      lot: fixture.implantedLotOfA,
      date: clinicalToday(),
      patientStatus: 'alive',
      graftStatus: 'reintervention',
      reinterventionDate: clinicalToday(),
      reinterventionKind: 'surgical',
    });
    expect(followUp.status).toBe(201);
    fixture.followUpOfA = ((await followUp.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await app?.server.close();
    await idp?.close();
  });

  for (const [name, cell] of Object.entries(ROUTES)) {
    describe(name, () => {
      for (const role of ROLES) {
        test(`${role} gets ${cell.expect[role]}`, async () => {
          const { path, body } = await cell.request(app, fixture, role);
          const before = isWrite(name) && cell.expect[role] >= 400 ? await dataFingerprint(app.server) : null;
          const answer = await app.clients[role].request(cell.method, path, body === undefined ? {} : { json: body });
          expect(answer.status, `${role} ${cell.method} ${path}`).toBe(cell.expect[role]);
          if (answer.status >= 400 && path.startsWith('/api/fhir/')) {
            expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
            expect(await answer.json()).toMatchObject({ resourceType: 'OperationOutcome' });
          } else if (answer.status >= 400) {
            await expectProblem(answer);
          } else {
            await answer.arrayBuffer();
          }
          if (before) {
            expect(await dataFingerprint(app.server)).toEqual(before);
          }
        });
      }
    });
  }

  test('the auditor reads every route and changes nothing but their own account', () => {
    // Searching and opening the push channel are reads sent by POST; the caller's own settings,
    // sessions, notifications and when they last looked at the waiting list are the auditor's own
    // account, not the records they audit.
    const reads = ['POST /api/physician/graftsearch', 'POST /api/push/negotiate'];
    const ownAccount = [
      'PATCH /api/users/settings',
      'DELETE /api/users/sessions/{session of A}',
      'POST /api/users/passkeys/options',
      'POST /api/users/passkeys',
      'PATCH /api/users/passkeys/{passkey of A}',
      'DELETE /api/users/passkeys/{passkey of A}',
      'POST /api/me/push-subscriptions',
      'DELETE /api/me/push-subscriptions/{device of A}',
      'PUT /api/me/notification-preferences',
      'POST /api/notifications/read',
      'POST /api/physician/dashboard/matches-seen',
    ];
    // A read of something that does not exist answers 404, to auditors as to admins.
    const unknown = ['GET /api/import/logs/{id}'];
    // A record's delete is refused to everyone who sees it, as 409 naming the rule.
    const records = Object.keys(ROUTES).filter((name) => ROUTES[name]?.expect === RECORD_DELETE);
    // A system client's subscriptions are no person's to read, the auditor's neither.
    const machines = Object.keys(ROUTES).filter((name) => ROUTES[name]?.expect === NO_PERSON);
    const cells = Object.entries(ROUTES).filter(
      ([name]) =>
        !ownAccount.includes(name) && !unknown.includes(name) && !records.includes(name) && !machines.includes(name),
    );
    const auditorGets = (status: number) => cells.filter(([, cell]) => cell.expect.auditor === status);
    const writes = cells.filter(([name]) => isWrite(name) && !reads.includes(name)).map(([name]) => name);
    expect(auditorGets(403).map(([name]) => name)).toEqual(writes);
    expect(auditorGets(200).length + writes.length).toBe(cells.length);
  });

  test('every protected API route is in the matrix', () => {
    const normalise = (route: string) => route.replace(/\/\{[^}]+\}|\/:[A-Za-z]+/g, '/*').replace(/\?.*$/, '');
    const registered = listRegisteredRoutes(app.server.app)
      .filter((route) => route.method !== 'HEAD' && !route.open && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${normalise(route.url)}`)
      .filter((route) => !NOT_IN_MATRIX.includes(route));
    expect(new Set(Object.keys(ROUTES).map(normalise))).toEqual(new Set(registered));
  });

  test('the auditor reads every clinic’s and bank’s records: all entries as the waiting list, all grafts', async () => {
    const { auditor } = app.clients;
    const read = async <T>(path: string) => (await (await auditor.get(path)).json()) as T[];
    const entries = await read<{ waitinglistid: string }>('/api/physician/waitinglist');
    const ofB = await app.server.database.db
      .selectFrom('waitingListEntries')
      .select('id')
      .where('ownerUserId', '=', app.ids.users.physicianB)
      .where('closedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(entries.map((entry) => entry.waitinglistid)).toEqual(expect.arrayContaining([fixture.entryOfA, ofB.id]));
    const lots = (list: { e_Lot: string }[]) => list.map((graft) => graft.e_Lot);
    expect(lots(await read('/api/physician/currentgrafts'))).toContain(fixture.clinicACurrentLot);
    const donations = await read<{ e_Lot: string; e_Eute: string }>('/api/euteemployee/currentdonations');
    expect(lots(donations)).toContain(fixture.euteXCurrentLot);
    expect(new Set(donations.map((graft) => graft.e_Eute))).toEqual(new Set([app.ids.euteX, app.ids.euteY]));
  });

  test('reads never cross clinics or banks: B sees none of A’s entries, Y none of X’s donations', async () => {
    const { physicianB, employeeY } = app.clients;
    const entries = (await (await physicianB.get('/api/physician/waitinglist')).json()) as { waitinglistid: string }[];
    expect(entries.map((entry) => entry.waitinglistid)).not.toContain(fixture.entryOfA);
    const owners = await app.server.database.db
      .selectFrom('waitingListEntries')
      .select('ownerUserId')
      .where(
        'id',
        'in',
        entries.map((e) => e.waitinglistid),
      )
      .execute();
    expect(new Set(owners.map((o) => o.ownerUserId))).toEqual(new Set([app.ids.users.physicianB]));

    const lotsOfY = (await (await employeeY.get('/api/euteemployee/currentdonations')).json()) as {
      e_Lot: string;
      e_Eute: string;
    }[];
    const archiveOfY = (await (await employeeY.get('/api/euteemployee/donationsarchiv')).json()) as {
      e_Lot: string;
      e_Eute: string;
    }[];
    expect(lotsOfY.length + archiveOfY.length).toBeGreaterThan(0);
    expect([...lotsOfY, ...archiveOfY].every((graft) => graft.e_Eute === app.ids.euteY)).toBe(true);

    const currentOfB = (await (await physicianB.get('/api/physician/currentgrafts')).json()) as { e_Lot: string }[];
    expect(currentOfB.map((graft) => graft.e_Lot)).not.toContain(fixture.clinicACurrentLot);
  });
});
