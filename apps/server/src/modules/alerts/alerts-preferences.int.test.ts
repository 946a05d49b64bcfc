import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../mail/mailer';
import { DEMO, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { outboxSettled, startSmtpSink, type SmtpSink } from '../../../test/support/mail';
import { freeGraftOfX, requestGraft, stepOk } from '../../../test/support/requests';
import { sendDueDigests } from './digest';

// Each user's channels (docs/api.md "Alerts"): an event with a clock cannot be silenced on every
// channel; a user who takes the daily digest gets no mail at once and one mail at their hour, in
// their bank's zone, listing each event once, however often and on how many instances the job runs.

const fast = { retryBaseMs: 100, pollMs: 100 };

describe(`alert preferences and the daily digest (${testEngineName()})`, () => {
  let app: SeededApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSeededApp({ config: { smtpUrl: sink.url }, deps: { mailTimings: fast } });
    await app.server.database.db.updateTable('users').set({ language: 'en' }).execute();
    // Bank X works in Berlin (UTC+1 in December).
    await app.server.database.db
      .updateTable('eutes')
      .set({ timeZone: 'Europe/Berlin' })
      .where('id', '=', app.ids.euteX)
      .execute();
  }, 120_000);

  afterAll(async () => {
    await app?.server.close();
    await sink?.close();
  });

  const withEvents = (events: Partial<NotificationPreferences['events']>, digestHour = 7): NotificationPreferences => ({
    digestHour,
    events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, ...events },
  });

  test('the defaults: push on and mail at once for every event', async () => {
    const answer = await app.clients.physicianB.get('/api/me/notification-preferences');
    expect(await answer.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  test('an event with a clock switched off on every channel is refused naming it; others may be silenced', async () => {
    const { physicianB } = app.clients;
    const refused = await physicianB.put(
      '/api/me/notification-preferences',
      withEvents({
        reservation: { push: false, mail: 'off' },
        vigilance: { push: false, mail: 'off' },
        requestAnswer: { push: false, mail: 'off' },
      }),
    );
    const problem = await expectProblem(refused, 400);
    expect(problem.errors?.map((error) => error.field)).toEqual(['/events/reservation', '/events/vigilance']);
    expect(problem.detail).toMatch(/deadline/);
    const german = await physicianB.put(
      '/api/me/notification-preferences',
      withEvents({ reminder: { push: false, mail: 'off' } }),
      { headers: { 'accept-language': 'de' } },
    );
    expect((await expectProblem(german, 400)).errors?.[0]?.message).toMatch(/Frist/);
    await expectProblem(
      await physicianB.put('/api/me/notification-preferences', { ...withEvents({}), digestHour: 24 }),
      400,
    );
    expect(await (await physicianB.get('/api/me/notification-preferences')).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );

    const allowed = withEvents({
      requestAnswer: { push: false, mail: 'off' },
      reservation: { push: true, mail: 'off' },
    });
    const saved = await physicianB.put('/api/me/notification-preferences', allowed);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual(allowed);
    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorUserId', '=', app.ids.users.physicianB)
      .where('action', '=', 'user.alerts.update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  test('mail "off" sends none while the centre still tells', async () => {
    const { physicianB, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const request = await requestGraft(physicianB, { lot, patient_Code: 'O-01-2020' });
    await stepOk(employeeX, 'euteemployee', request.id, 'decline', { reason: 'Not available' });
    await outboxSettled(app.server.database.db);
    expect(sink.mails.filter((mail) => mail.to === DEMO.physicianB && mail.text.includes(lot))).toEqual([]);
    const centre = (await (await physicianB.get('/api/notifications')).json()) as {
      items: { payload: { lot?: string; state?: string } }[];
    };
    expect(centre.items.some((item) => item.payload.lot === lot && item.payload.state === 'declined')).toBe(true);
  });

  test('the digest: no mail at once, one mail at the chosen hour listing each event once, once a day', async () => {
    const { physicianA, employeeX } = app.clients;
    const saved = await employeeX.put(
      '/api/me/notification-preferences',
      withEvents({ bankRequest: { push: true, mail: 'digest' } }, 9),
    );
    expect(saved.status).toBe(200);
    const lots = [await freeGraftOfX(app), await freeGraftOfX(app)];
    for (const lot of lots) {
      await requestGraft(physicianA, { lot, patient_Code: 'D-02-2020' });
    }
    await outboxSettled(app.server.database.db);
    const toX = () => sink.mails.filter((mail) => mail.to === DEMO.employeeX);
    expect(toX().filter((mail) => lots.some((lot) => mail.text.includes(lot)))).toEqual([]);

    const mailer = createMailer(app.server.config, { now: () => new Date() });
    const run = (at: string) => sendDueDigests({ db: app.server.database.db, now: () => new Date(at), mailer });
    // 08:30 in Berlin: before the hour.
    expect(await run('2027-01-05T07:30:00Z')).toBe(0);
    // 09:05 in Berlin: one mail, however many runs start at once.
    const counts = await Promise.all([run('2027-01-05T08:05:00Z'), run('2027-01-05T08:05:00Z')]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const digest = await sink.waitFor((mail) => mail.to === DEMO.employeeX && mail.subject.includes('daily digest'));
    for (const lot of lots) {
      expect(digest.text.split(lot).length - 1).toBe(1);
    }
    // Later that day, a new request waits for tomorrow's digest.
    const third = await freeGraftOfX(app);
    await requestGraft(physicianA, { lot: third, patient_Code: 'D-03-2020' });
    expect(await run('2027-01-05T15:00:00Z')).toBe(0);
    expect(await run('2027-01-06T08:01:00Z')).toBe(1);
    const next = await sink.waitFor((mail) => mail.to === DEMO.employeeX && mail.text.includes(third));
    expect(lots.some((lot) => next.text.includes(lot))).toBe(false);
    await outboxSettled(app.server.database.db);
    expect(toX().filter((mail) => mail.subject.includes('daily digest'))).toHaveLength(2);
  });
});
