import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  translate,
  type ImportResult,
  type MessageKey,
  type MessageParams,
  type RequestInbox,
} from '@graftmatch/domain';
import { TEST_PASSWORD, basicAuth, createTestUser, readOutbox, waitForOutboxMail } from '../support/auth';
import { TestClient } from '../support/client';
import { startSeededApp, type SeededApp } from '../support/clinical';
import { testEngineName } from '../support/database';
import { csvFile, graftCells, uploadImport } from '../support/imports';
import { pdfText } from '../support/pdf';
import { freeGraftOfX, requestGraft, stepOk } from '../support/requests';

// The server's texts in the caller's language (docs/decisions.md, "Server texts"): an answer follows
// Accept-Language, a mail the recipient's language setting.

const DE = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
const EN = { 'accept-language': 'en' };

describe(`server texts in the caller's language (${testEngineName()})`, () => {
  let app: SeededApp;

  beforeAll(async () => {
    app = await startSeededApp();
  });

  afterAll(async () => {
    await app?.server.close();
  });

  it("words the bank's candidate reasons in German or English", async () => {
    const { physicianA, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    await requestGraft(physicianA, { lot, patient_Code: 'S-03-2020' });
    const reasons = async (headers: Record<string, string>) => {
      const inbox = (await (await employeeX.get('/api/euteemployee/requests', { headers })).json()) as RequestInbox;
      const graft = inbox.find((item) => item.lot === lot);
      expect(graft?.candidates.length).toBeGreaterThan(0);
      return inbox.flatMap((item) => item.candidates.map((candidate) => candidate.reason)).join('\n');
    };
    const german = await reasons(DE);
    expect(german).toContain('in der App angefragt');
    expect(german).not.toMatch(/waiting|implant window|requested in the app|asked for this graft/);
    // The English answer after the German one: a replayed or cached answer keeps to its language.
    const english = await reasons(EN);
    expect(english).toContain('requested in the app');
    expect(english).not.toMatch(/wartet|Implantationsfenster|angefragt/);
  });

  it('words a validation error in German or English', async () => {
    const { physicianA } = app.clients;
    const bad = { query_type: 2, query_d_min: 'wide' };
    const german = await physicianA.post('/api/physician/waitinglist', bad, { headers: DE });
    expect(german.status).toBe(400);
    const problem = (await german.json()) as { title: string; detail: string; errors: { message: string }[] };
    expect(problem.title).toBe('Ungültige Anfrage');
    expect(problem.detail).toMatch(/^Ungültige Anfrage: /);
    expect(problem.errors.map((error) => error.message).join(' ')).toMatch(/muss|fehlt/);
    const english = (await (await physicianA.post('/api/physician/waitinglist', bad, { headers: EN })).json()) as {
      title: string;
      detail: string;
    };
    expect(english).toMatchObject({ title: 'Bad Request' });
    expect(english.detail).toMatch(/^Invalid request: /);
    // A refusal without a login too.
    const anonymous = (await (
      await app.clients.anonymous.get('/api/physician/waitinglist', { headers: DE })
    ).json()) as {
      detail: string;
    };
    expect(anonymous.detail).toBe('Eine Anmeldung ist erforderlich.');
    // A service's own refusal.
    const missing = await physicianA.post(
      '/api/physician/requests',
      { lot: 'NO-SUCH-LOT', patient_Code: 'S-03-2020' },
      { headers: DE },
    );
    expect(missing.status).toBe(404);
    expect((await missing.json()) as { title: string; detail: string }).toMatchObject({
      title: 'Nicht gefunden',
      detail: 'Es gibt keinen freien Graft mit Lot NO-SUCH-LOT.',
    });
  });

  it("words the services' own refusals from the catalogue: login, lockout, FHIR, push, files, vigilance, notifications", async () => {
    const { anonymous, physicianA, employeeX } = app.clients;
    const user = await createTestUser(app.server);
    const wrongPassword = { authorization: basicAuth(user.email, `${TEST_PASSWORD}-wrong`) };
    const randomId = '00000000-0000-4000-8000-000000000000';
    const cases: {
      name: string;
      send: (headers: Record<string, string>) => Promise<Response>;
      status: number;
      key: MessageKey;
      params?: (language: 'en' | 'de') => MessageParams;
    }[] = [
      {
        name: 'login without credentials',
        send: (headers) => anonymous.get('/api/auth/login', { headers }),
        status: 401,
        key: 'problem.auth.basicRequired',
      },
      {
        name: 'a wrong password, counting down to the lock',
        send: (headers) => anonymous.get('/api/auth/login', { headers: { ...headers, ...wrongPassword } }),
        status: 401,
        key: 'problem.auth.wrongLogin',
        params: (language) => ({ count: language === 'de' ? 9 : 8 }),
      },
      {
        name: 'an unknown FHIR interaction',
        send: (headers) => physicianA.get('/api/fhir/R5/NoSuchResource', { headers }),
        status: 404,
        key: 'problem.fhir.unknownInteraction',
      },
      {
        name: 'a FHIR search by an expiry that is no date',
        send: (headers) => physicianA.get('/api/fhir/R5/BiologicallyDerivedProduct?expiration-date=soon', { headers }),
        status: 400,
        key: 'problem.fhir.expirationDate',
      },
      {
        name: 'a push connection that does not exist',
        send: (headers) => physicianA.post(`/api/push?id=${randomId}`, 'x', { headers }),
        status: 404,
        key: 'problem.push.noConnection',
      },
      {
        name: 'an upload that is not multipart',
        send: (headers) => employeeX.post('/api/media/uploadfiles', { files: [] }, { headers }),
        status: 415,
        key: 'problem.files.multipart',
      },
      {
        name: 'a code that is no graft code, its reason worded too',
        send: (headers) => physicianA.get(`/api/grafts/by-code/${encodeURIComponent('&,1LOT')}`, { headers }),
        status: 400,
        key: 'problem.grafts.codeInvalid',
        params: (language) => ({
          reason: translate(language, 'graftCode.isbtIdentifier', { identifier: '&,1' }),
        }),
      },
      {
        name: 'a vigilance report that does not exist',
        send: (headers) => employeeX.get(`/api/vigilance/reports/${randomId}`, { headers }),
        status: 404,
        key: 'problem.vigilance.noReport',
      },
      {
        name: 'marking notifications read by ids and all at once',
        send: (headers) => physicianA.post('/api/notifications/read', { ids: [randomId], all: true }, { headers }),
        status: 400,
        key: 'problem.other.idsOrAll',
      },
    ];
    for (const { name, send, status, key, params } of cases) {
      for (const [language, headers] of [
        ['de', DE],
        ['en', EN],
      ] as const) {
        const answer = await send(headers);
        expect(answer.status, `${name} (${language})`).toBe(status);
        const body = (await answer.json()) as { detail?: string; issue?: { diagnostics: string }[] };
        const detail = body.detail ?? body.issue?.[0]?.diagnostics;
        expect(detail, `${name} (${language})`).toBe(translate(language, key, params?.(language)));
      }
    }
  });

  it('words a waiting-list entry that breaks a rule, its field errors too, in German', async () => {
    const { physicianA } = app.clients;
    const entry = {
      query_type: 1,
      query_d_min: 20,
      query_d_max: 22,
      query_l_min: 30,
      query_l_l_min: 0,
      query_l_r_min: 0,
      query_i_min: '2030-05-01',
      query_i_Max: '2030-04-01',
      patient_Code: 'S-03-2020',
    };
    const german = await physicianA.post('/api/physician/waitinglist', entry, { headers: DE });
    expect(german.status).toBe(400);
    const problem = (await german.json()) as { detail: string; errors: { field: string; message: string }[] };
    expect(problem.errors).toEqual([{ field: 'query_i_Max', message: 'darf nicht vor query_i_min liegen' }]);
    expect(problem.detail).toBe('Ungültiger Wartelisteneintrag: query_i_Max darf nicht vor query_i_min liegen.');
    const english = (await (await physicianA.post('/api/physician/waitinglist', entry, { headers: EN })).json()) as {
      detail: string;
    };
    expect(english.detail).toBe('Invalid waiting-list entry: query_i_Max must not be before query_i_min.');
  });

  it('keeps an import row error so that it reads in either language', async () => {
    const { employeeX } = app.clients;
    const file = csvFile([graftCells('LANG-0001', { t_Dproximal: 'wide', t_Lmin: 999 })]);
    const answer = await uploadImport(employeeX, file, {}, { headers: DE });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const imported = (await answer.json()) as ImportResult;
    expect(imported.errors.map((error) => error.message)).toEqual([
      'muss eine Zahl sein',
      'muss zwischen 10 und 120 mm liegen',
    ]);
    const log = async (headers: Record<string, string>) =>
      ((await (await employeeX.get(`/api/import/logs/${imported.id}`, { headers })).json()) as ImportResult).errors;
    expect((await log(EN)).map((error) => error.message)).toEqual([
      'must be a number',
      'must be between 10 and 120 mm',
    ]);
    expect((await log(DE)).map((error) => error.message)).toEqual([
      'muss eine Zahl sein',
      'muss zwischen 10 und 120 mm liegen',
    ]);
  });

  it('writes the demand PDF in German with "k. A." style words, and in English', async () => {
    const { employeeX } = app.clients;
    const german = await pdfText(
      Buffer.from(await (await employeeX.get('/api/euteemployee/waitinglist/download', { headers: DE })).arrayBuffer()),
    );
    expect(german).toContain('GraftMatch Warteliste');
    expect(german).toContain('Gewebebank: Gewebebank Nord gGmbH');
    expect(german).toMatch(/Erstellt: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(german).toContain('Patientencode');
    expect(german).toMatch(/Seite 1 von \d+/);
    expect(german).not.toMatch(/waiting list|Patient code|Page 1 of|Pulmonary valve|Aortic valve/);
    expect(german).toMatch(/Pulmonalklappe|Aortenklappe/);
    const english = await pdfText(
      Buffer.from(await (await employeeX.get('/api/euteemployee/waitinglist/download', { headers: EN })).arrayBuffer()),
    );
    expect(english).toContain('GraftMatch waiting list');
    expect(english).not.toContain('Warteliste');
  });

  it('files the allocation note in the language of the one who assigns', async () => {
    const { physicianA, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const request = await requestGraft(physicianA, { lot, patient_Code: 'S-03-2020' });
    await stepOk(employeeX, 'euteemployee', request.id, 'reserve');
    await stepOk(physicianA, 'physician', request.id, 'confirm');
    const assigned = await employeeX.post(`/api/euteemployee/requests/${request.id}/assign`, {}, { headers: DE });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    const graft = (await (await physicianA.get(`/api/physician/graftsearch/${lot}`)).json()) as {
      allocationNotificationFiles: { name: string }[];
    };
    const note = graft.allocationNotificationFiles[0]?.name ?? '';
    expect(note).toBe(`Allocation_note_${lot}.pdf`);
    const pdf = await physicianA.get(`/api/file/getfile/2/${encodeURIComponent(note)}`);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Zuteilungsschein – Lot ${lot}`);
    expect(text).toContain('Implantationsfenster');
    expect(text).not.toContain('Allocation note');
  });

  it("mails a user in the user's language, whatever the request's language", async () => {
    const german = await createTestUser(app.server, { language: 'de' });
    const english = await createTestUser(app.server, { language: 'en' });
    const browser = new TestClient(app.server.baseUrl);
    await browser.get('/api/health');
    const since = (await readOutbox(app.server)).length;
    for (const { email } of [german, english]) {
      expect((await browser.post('/api/auth/recoveryrequest', { email }, { headers: EN })).status).toBe(204);
    }
    const toGerman = await waitForOutboxMail(app.server, german.email, since);
    expect(toGerman.subject).toBe('Neues GraftMatch-Passwort festlegen');
    expect(toGerman.text).toContain('Guten Tag');
    const toEnglish = await waitForOutboxMail(app.server, english.email, since);
    expect(toEnglish.text).toContain('Hello');
  });
});
