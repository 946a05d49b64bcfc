import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { basicAuth } from '../support/auth';
import { dataFingerprint, expectProblem, startSeededApp, type SeededApp } from '../support/clinical';
import { testEngineName } from '../support/database';

// Bytes a person never types (NUL, CR/LF, ESC, a right-to-left override) and values no calendar
// holds: each is refused as the client's 400 (or the login's 401) on both engines, never a 500,
// and never stored (docs/decisions.md, text and dates).

const CONTROLS = ['\u0000', '\r\n', '\u001B[2J', '\u202E'];

describe(`hostile input: control characters, impossible dates, names differing in case (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  const entry = () => ({
    query_type: 5,
    query_d_min: 18,
    query_d_max: 24,
    query_l_min: 10,
    query_l_l_min: 0,
    query_l_r_min: 0,
    patient_Code: 'A-03-2021',
    query_i_min: '2030-01-01',
    query_i_Max: '2030-03-01',
  });

  test('anonymous calls with a NUL in the Basic user name or the recovery address are refused, not failed', async () => {
    const { anonymous } = app.clients;
    for (const control of CONTROLS) {
      const login = await anonymous.get('/api/auth/login', {
        headers: { authorization: basicAuth(`dr.berg${control}@demo.graftmatch.example`, 'demo-graftmatch') },
      });
      await expectProblem(login, 401);
      await anonymous.get('/api/health');
      await expectProblem(await anonymous.post('/api/auth/recoveryrequest', { email: `x${control}@y.example` }), 400);
    }
  });

  test('First every text field of a write gets a control character and is refused; nothing is stored', async () => {
    const { physicianA, admin } = app.clients;
    const before = await dataFingerprint(app.server);
    for (const control of CONTROLS) {
      const text = `Name${control}Tail`;
      await expectProblem(
        await physicianA.post('/api/physician/waitinglist', { ...entry(), physician_Name: text }),
        400,
      );
      await expectProblem(
        await physicianA.post('/api/physician/waitinglist', { ...entry(), physician_Phone: text }),
        400,
      );
      await expectProblem(await admin.post('/api/admin/clinics/add', { c_Name: text }), 400);
      await expectProblem(await admin.patch(`/api/admin/eutes/${app.ids.euteX}`, { city: text }), 400);
      await expectProblem(
        await admin.post('/api/admin/users/add', { firstName: text, lastName: 'Roth', email: 'roth@clinic.example' }),
        400,
      );
      const query = new URLSearchParams({ action: `auth${control}` }).toString();
      await expectProblem(await admin.get(`/api/admin/auditlog?${query}`), 400);
    }
    await expectProblem(await admin.post('/api/admin/testR', { message: 'NUL \u0000 in an alert' }), 400);
    expect(await dataFingerprint(app.server)).toEqual(before);
    // A line break is fine where a field is meant to hold several lines.
    expect((await admin.post('/api/admin/testR', { message: 'Line one\nline two' })).status).toBe(200);
  });

  test('the audit-log filter refuses a day no calendar has, and takes a leap day', async () => {
    const { admin } = app.clients;
    await expectProblem(await admin.get('/api/admin/auditlog?from=2027-02-30'), 400);
    await expectProblem(await admin.get('/api/admin/auditlog?to=2027-04-31T10:00:00Z'), 400);
    expect((await admin.get('/api/admin/auditlog?from=2028-02-29')).status).toBe(200);
  });

  test('a clinic or tissue-bank name that differs only in letter case is the same name', async () => {
    const { admin } = app.clients;
    expect((await admin.post('/api/admin/clinics/add', { c_Name: 'Herzzentrum Mitte' })).status).toBe(201);
    await expectProblem(await admin.post('/api/admin/clinics/add', { c_Name: 'HERZZENTRUM mitte' }), 409);
    const banks = (await (await admin.get('/api/admin/eutes')).json()) as { id: string; name: string }[];
    const [first, second] = banks;
    await expectProblem(
      await admin.patch(`/api/admin/eutes/${second?.id}`, { name: first?.name.toUpperCase() ?? '' }),
      409,
    );
  });
});
