import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { ImportResult, PushMessage, WaitingListEntry } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAfterAnswer } from '../../http/after-answer';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { TEST_PASSWORD, basicAuth, pinOf, seedDemoInto } from '../../../test/support/auth';
import { shiftDate } from '@graftmatch/domain';
import { DEMO, today } from '../../../test/support/clinical';
import { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { outboxSettled } from '../../../test/support/mail';
import { connectPush, type PushClient } from '../../../test/support/push';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

// Match alerts end to end (docs/import.md "Match alerts"): a real SMTP peer receives the mails, the
// official SignalR client the pushes.
describe(`match alerts after an import (${testEngineName()})`, () => {
  let server: TestApp;
  let smtp: SMTPServer;
  const inbox: Mail[] = [];
  const listeners: PushClient[] = [];
  let berg: TestClient;
  let kaya: TestClient;
  let north: TestClient;
  let admin: TestClient;
  let bergPush: PushClient;
  let kayaPush: PushClient;
  let entryOfBerg: string;

  /** The real login: Basic, then the PIN from the mail the SMTP peer received. */
  async function login(email: string): Promise<TestClient> {
    const client = new TestClient(server.baseUrl);
    const before = inbox.length;
    const first = await client.get('/api/auth/login', { headers: { authorization: basicAuth(email, TEST_PASSWORD) } });
    const { twoFactor_Token, twoFactorId } = (await first.json()) as { twoFactor_Token: string; twoFactorId: string };
    const pinMail = await waitForMail((mail, index) => index >= before && mail.to.includes(email));
    const second = await client.post(
      '/api/auth/twofactor',
      { passwordid: twoFactorId, password: pinOf(pinMail) },
      { headers: { authorization: `Bearer ${twoFactor_Token}` } },
    );
    client.accessToken = ((await second.json()) as { access_Token: string }).access_Token;
    return client;
  }
  async function waitForMail(accept: (mail: Mail, index: number) => boolean, timeoutMs = 10_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = inbox.find(accept);
      if (found) {
        return found;
      }
      if (Date.now() > deadline) {
        throw new Error(`no such mail within ${timeoutMs} ms; inbox: ${inbox.map((m) => m.subject).join(' | ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const matchMailsTo = (email: string) => inbox.filter((mail) => mail.to.includes(email) && /fit/.test(mail.subject));
  /** Everything a client heard, up to an admin's test alert sent now (the push channel keeps order). */
  async function heardUntilNow(clients: PushClient[]) {
    const marker = `marker ${Math.random()}`;
    await admin.post('/api/admin/testR', { message: marker });
    // The alert is also stored in each notification centre, announced right after it.
    const isMarker = (message: PushMessage) =>
      message.event === 'notification' && message.args[0].payload.message === marker;
    for (const client of clients) {
      await client.next('notification', isMarker);
    }
    const isAlert = (message: PushMessage) =>
      message.event === 'testR' || (message.event === 'notification' && message.args[0].kind === 'testAlert');
    return clients.map((client) => client.received.splice(0).filter((message) => !isAlert(message)));
  }
  // The alerts go out after the answer; the story waits for them before it looks.
  const afterAnswer = createAfterAnswer(console);
  const importNorth = async (lots: Parameters<typeof graftCells>[]) => {
    const answer = await uploadImport(north, csvFile(lots.map((args) => graftCells(...args))));
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as ImportResult;
    await afterAnswer.drain();
    await outboxSettled(server.database.db);
    return result;
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            inbox.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    server = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` }, deps: { afterAnswer } });
    await seedDemoInto(server);
    // The story starts with empty waiting lists, so only the entries it adds can match.
    await server.database.db.deleteFrom('waitingListEntries').execute();
    [berg, kaya, north, admin] = (await Promise.all(
      [DEMO.physicianA, DEMO.physicianB, DEMO.employeeX, DEMO.admin].map((email) => login(email)),
    )) as [TestClient, TestClient, TestClient, TestClient];
    const entry = (body: object) => ({
      query_l_l_min: 0,
      query_l_r_min: 0,
      query_i_min: shiftDate(today(), 30),
      query_i_Max: shiftDate(today(), 120),
      ...body,
    });
    const added = await berg.post(
      '/api/physician/waitinglist',
      entry({ query_type: 5, query_d_min: 21, query_d_max: 24, query_l_min: 40, patient_Code: 'M-05-2020' }),
    );
    expect(added.status).toBe(201);
    entryOfBerg = ((await added.json()) as WaitingListEntry).waitinglistid;
    const other = await kaya.post(
      '/api/physician/waitinglist',
      entry({ query_type: 1, query_d_min: 14, query_d_max: 16, query_l_min: 20, patient_Code: 'K-01-2021' }),
    );
    expect(other.status).toBe(201);
    bergPush = await connectPush(berg);
    kayaPush = await connectPush(kaya);
    listeners.push(bergPush, kayaPush);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.connection.stop()));
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('an import frees two fitting grafts: Dr. Berg hears matchFound per graft and gets one mail for both; Dr. Kaya neither', async () => {
    const result = await importNorth([
      ['FIT-1', { t_Dproximal: 22 }],
      ['FIT-2', { t_Dproximal: 23.5 }],
      ['NOFIT-1', { t_Dproximal: 30 }],
      ['NOFIT-2', { t_Dproximal: 22, 'release.status': 0, 'release.outValue': null }],
    ]);
    expect(result.summary).toMatchObject({ inserted: 4, failed: 0 });

    await bergPush.next('matchFound', (message) => message.args[0].lots.includes('FIT-2'));
    const matches = bergPush.received.filter((message) => message.event === 'matchFound').map((m) => m.args);
    expect(matches).toEqual([
      [{ waitinglistid: entryOfBerg, lots: ['FIT-1'], waitinglistids: [entryOfBerg] }],
      [{ waitinglistid: entryOfBerg, lots: ['FIT-2'], waitinglistids: [entryOfBerg] }],
    ]);
    const mails = matchMailsTo(DEMO.physicianA);
    expect(mails.map((mail) => mail.subject)).toEqual(['GraftMatch: 2 grafts fit your waiting-list entry']);
    expect(mails[0]?.text).toContain('graft FIT-1: M-05-2020');
    expect(mails[0]?.text).toContain('http://localhost:3000/home/clinic/graft/FIT-1');
    expect(mails[0]?.text).toContain('graft FIT-2: M-05-2020');
    expect(mails[0]?.text).toContain('http://localhost:3000/home/clinic/graft/FIT-2');

    const [bergHeard, kayaHeard] = await heardUntilNow([bergPush, kayaPush]);
    // Each match is pushed as itself and as the notification stored for it.
    expect(bergHeard!.map((message) => message.event).sort()).toEqual([
      'graftsChanged',
      'matchFound',
      'matchFound',
      'notification',
      'notification',
    ]);
    // Dr. Kaya may see the new free grafts, but none fits her entry.
    expect(kayaHeard!.map((message) => message.event)).toEqual(['graftsChanged']);
    expect(matchMailsTo(DEMO.physicianB)).toEqual([]);
  });

  it('the same file again frees nothing: no push, no mail', async () => {
    await importNorth([
      ['FIT-1', { t_Dproximal: 22 }],
      ['FIT-2', { t_Dproximal: 23.5 }],
    ]);
    const [bergHeard, kayaHeard] = await heardUntilNow([bergPush, kayaPush]);
    expect(bergHeard).toEqual([]);
    expect(kayaHeard).toEqual([]);
    expect(matchMailsTo(DEMO.physicianA)).toHaveLength(1);
  });

  it('one graft fitting three of Dr. Berg’s entries: one push and one mail naming all three', async () => {
    const more = [];
    for (const code of ['N-06-2021', 'O-07-2022']) {
      const added = await berg.post('/api/physician/waitinglist', {
        query_type: 5,
        query_d_min: 20,
        query_d_max: 26,
        query_l_min: 30,
        query_l_l_min: 0,
        query_l_r_min: 0,
        patient_Code: code,
        query_i_min: shiftDate(today(), 30),
        query_i_Max: shiftDate(today(), 120),
      });
      more.push(((await added.json()) as WaitingListEntry).waitinglistid);
    }
    const mailsBefore = matchMailsTo(DEMO.physicianA).length;
    await importNorth([['EB1-2026-0901', { t_Dproximal: 22 }]]);
    const [bergHeard] = await heardUntilNow([bergPush]);
    const matches = bergHeard!.filter((message) => message.event === 'matchFound');
    expect(matches.map((message) => message.args)).toEqual([
      [{ waitinglistid: entryOfBerg, lots: ['EB1-2026-0901'], waitinglistids: [entryOfBerg, ...more] }],
    ]);
    const mails = matchMailsTo(DEMO.physicianA).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'GraftMatch: graft EB1-2026-0901 fits 3 of your waiting-list entries',
    ]);
    expect(mails[0]!.text).toContain('M-05-2020, N-06-2021, O-07-2022');
    await Promise.all(more.map((id) => berg.get(`/api/physician/waitinglist/remove/${id}`)));
    await heardUntilNow([bergPush]);
  });

  it('a large import: 20 grafts told one by one, the rest counted in one notification; the mail names 100 and counts the rest', async () => {
    const mailsBefore = matchMailsTo(DEMO.physicianA).length;
    const lots = Array.from({ length: 105 }, (_, index) => `BIG-${String(index + 1).padStart(3, '0')}`);
    await importNorth(lots.map((lot) => [lot, { t_Dproximal: 22 }] as Parameters<typeof graftCells>));
    const [bergHeard] = await heardUntilNow([bergPush]);
    const pushedLots = bergHeard!
      .filter((message) => message.event === 'matchFound')
      .map((message) => message.args[0].lots[0]);
    expect(pushedLots).toEqual(lots.slice(0, 20));

    const centre = (await (await berg.get('/api/notifications?limit=50')).json()) as {
      items: { kind: string; link: string | null; payload: Record<string, unknown> }[];
    };
    const ofImport = centre.items.filter(
      (item) => item.kind === 'match' && (String(item.payload.lot).startsWith('BIG-') || item.payload.grafts),
    );
    expect(ofImport).toHaveLength(21);
    expect(ofImport.find((item) => item.payload.grafts)).toMatchObject({
      link: '/home/clinic/waitinglist',
      payload: { grafts: 85, waitinglistids: [entryOfBerg], patientCodes: ['M-05-2020'] },
    });

    const [mail] = matchMailsTo(DEMO.physicianA).slice(mailsBefore);
    expect(mail?.subject).toBe('GraftMatch: 105 grafts fit your waiting-list entry');
    expect(mail?.text).toContain('graft BIG-100: M-05-2020');
    expect(mail?.text).not.toContain('BIG-101');
    expect(mail?.text).toContain('and 5 more grafts: your waiting list shows what fits each entry');
    expect(mail?.text).toContain('http://localhost:3000/home/clinic/waitinglist');
  });

  it('a graft released later is newly free and alerts; with match mails switched off only the push comes', async () => {
    await importNorth([['FIT-3', { t_Dproximal: 22, 'release.status': 0, 'release.outValue': null }]]);
    expect((await heardUntilNow([bergPush]))[0]!.map((message) => message.event)).toEqual([]);

    expect(await (await berg.get('/api/users/settings')).json()).toEqual({ matchMails: true, dismissedHints: [] });
    const off = await berg.patch('/api/users/settings', { matchMails: false });
    expect(await off.json()).toEqual({ matchMails: false, dismissedHints: [] });
    expect(await (await berg.get('/api/users/settings')).json()).toEqual({ matchMails: false, dismissedHints: [] });

    await importNorth([['FIT-3', { t_Dproximal: 22 }]]);
    const match = await bergPush.next('matchFound', (message) => message.args[0].lots.includes('FIT-3'));
    expect(match.args).toEqual([{ waitinglistid: entryOfBerg, lots: ['FIT-3'], waitinglistids: [entryOfBerg] }]);
    expect(matchMailsTo(DEMO.physicianA)).toHaveLength(3);
    const [change] = await server.database.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('action', '=', 'user.settings.update')
      .execute();
    expect(change).toEqual({
      before: '{"matchMails":true,"dismissedHints":[]}',
      after: '{"matchMails":false,"dismissedHints":[]}',
    });
    await expectStatus(berg.patch('/api/users/settings', { matchMails: 'no' }), 400);
    await expectStatus(new TestClient(server.baseUrl).get('/api/users/settings'), 401);
  });
});

async function expectStatus(answer: Promise<Response>, status: number) {
  expect((await answer).status).toBe(status);
}
