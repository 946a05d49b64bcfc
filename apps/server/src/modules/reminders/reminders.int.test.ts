import { randomUUID } from 'node:crypto';
import { shiftDate } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../db/database';
import { DEMO, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { startAndStop } from '../../../test/support/app';
import { testClock, thisMorning } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { DELIVERY, entryFor, freeGraftOfX, requestGraft, stepOk } from '../../../test/support/requests';

// Reminders (docs/operations.md "Reminders"): the clock moves across each threshold while no
// server runs; each start runs the due jobs; every reminder is sent once, at its threshold, and a
// second start at the same moment sends nothing more.

describe(`reminders across restarts, each exactly once (${testEngineName()})`, () => {
  const clock = testClock(thisMorning());
  let app: SeededApp;
  let database: Database;
  const lots = { expiring: '', unanswered: '', reserved: '', delivered: '' };
  let entryCode = '';
  let failingMailId = '';
  let bankX = '';

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
    const db = app.server.database.db;
    // The texts below are the English ones.
    await db.updateTable('users').set({ language: 'en' }).execute();
    const { physicianA, physicianB, employeeX } = app.clients;
    bankX = (await db.selectFrom('eutes').select('name').where('id', '=', app.ids.euteX).executeTakeFirstOrThrow())
      .name;

    lots.expiring = `EX-${randomUUID().slice(0, 8)}`;
    await db
      .insertInto('grafts')
      .values(
        graftRow(app.ids.euteX, {
          eLot: lots.expiring,
          tDproximal: 20.5,
          expiryOut: shiftDate(today(), 100),
          expiryDate: shiftDate(today(), 100),
        }),
      )
      .execute();
    entryCode = 'R-07-2019';
    await entryFor(physicianA, entryCode, 20);

    lots.unanswered = await freeGraftOfX(app);
    await requestGraft(physicianB, { lot: lots.unanswered, patient_Code: 'B-01-2021' });
    lots.reserved = await freeGraftOfX(app);
    const reserved = await requestGraft(physicianB, { lot: lots.reserved, patient_Code: 'B-02-2021' });
    await stepOk(employeeX, 'euteemployee', reserved.id, 'reserve', { hours: 48 });
    lots.delivered = await freeGraftOfX(app);
    const delivered = await requestGraft(physicianA, { lot: lots.delivered, patient_Code: 'A-03-2021' });
    await stepOk(employeeX, 'euteemployee', delivered.id, 'reserve', { hours: 48 });
    await stepOk(physicianA, 'physician', delivered.id, 'confirm');
    await stepOk(employeeX, 'euteemployee', delivered.id, 'assign');
    await stepOk(employeeX, 'euteemployee', delivered.id, 'deliver', DELIVERY);

    // A mail the mail server keeps refusing.
    failingMailId = randomUUID();
    const at = clock.now().toISOString();
    await db
      .insertInto('mailOutbox')
      .values({
        id: failingMailId,
        kind: 'request',
        priority: 2,
        reference: null,
        messageId: `<${failingMailId}@graftmatch.test>`,
        recipient: 'somebody@clinic.example',
        subject: 'A request',
        textBody: 'text',
        htmlBody: '<p>text</p>',
        state: 'queued',
        attempts: 3,
        nextAttemptAt: new Date(Date.parse(at) + 86_400_000).toISOString(),
        giveUpAt: new Date(Date.parse(at) + 2 * 86_400_000).toISOString(),
        lastError: '451 Try again later',
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await app.server.app.close();
    database = createDatabase(app.server.target);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await app?.server.close();
  });

  // The story spans 70 days; the outbox sweep would delete the reminders sent in its first weeks (its own test covers that).
  const restart = () => startAndStop({ ...app.server.config, mailRetentionDays: 365 }, database, clock.now);

  /** Reminder mails to `email` whose text holds every fragment. */
  async function reminders(email: string, ...fragments: string[]): Promise<number> {
    const rows = await database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('kind', '=', 'reminder')
      .where('recipient', '=', email)
      .execute();
    return rows.filter((row) => fragments.every((fragment) => row.textBody.includes(fragment))).length;
  }

  /** What each reminder's count is now: the ones this test follows, by name. */
  async function counts() {
    return {
      failingMail: await reminders(DEMO.admin, 'somebody@clinic.example'),
      unanswered4: await reminders(DEMO.employeeX, `${lots.unanswered} has waited 4 hours`),
      unanswered24: await reminders(DEMO.employeeX, `${lots.unanswered} has waited 24 hours`),
      bankLapsing: await reminders(DEMO.employeeX, `reservation of graft ${lots.reserved} lapses`),
      deadline4: await reminders(DEMO.physicianB, `${lots.reserved} ends at`, '(within 4 hours)'),
      deadline1: await reminders(DEMO.physicianB, `${lots.reserved} ends at`, '(within 1 hour)'),
      silentBank: await reminders(DEMO.admin, `tissue bank ${bankX} has imported nothing`),
      expiry90: await reminders(DEMO.employeeX, `${lots.expiring} expires on ${shiftDate(today(), 100)} (in 90 days)`),
      expiry30: await reminders(DEMO.employeeX, `${lots.expiring} expires on ${shiftDate(today(), 100)} (in 30 days)`),
      expiry7: await reminders(DEMO.employeeX, `${lots.expiring} expires on ${shiftDate(today(), 100)} (in 7 days)`),
      delivered14: await reminders(DEMO.physicianA, `${lots.delivered} was delivered 14 days ago`),
      delivered21: await reminders(DEMO.physicianA, `${lots.delivered} was delivered 21 days ago`),
      windowPassed: await reminders(DEMO.physicianA, `entry ${entryCode} ended`),
    };
  }
  type Counts = Awaited<ReturnType<typeof counts>>;

  /** Moves the clock to `hours` after the start, starts the server twice, and answers what was sent. */
  let movedHours = 0;
  async function at(hours: number): Promise<Counts> {
    clock.advanceMinutes((hours - movedHours) * 60);
    movedHours = hours;
    await restart();
    const after = await counts();
    // A second start at the same moment finds every reminder sent.
    await restart();
    expect(await counts()).toEqual(after);
    return after;
  }

  test('each threshold sends its reminder once, to the bank, the physician or the admins', async () => {
    const none: Counts = {
      failingMail: 0,
      unanswered4: 0,
      unanswered24: 0,
      bankLapsing: 0,
      deadline4: 0,
      deadline1: 0,
      silentBank: 0,
      expiry90: 0,
      expiry30: 0,
      expiry7: 0,
      delivered14: 0,
      delivered21: 0,
      windowPassed: 0,
    };
    expect(await at(0.5)).toEqual(none);
    const sent = { ...none, failingMail: 1 };
    expect(await at(1.1)).toEqual(sent);
    expect(await at(4.1)).toEqual({ ...sent, unanswered4: 1 });
    Object.assign(sent, { unanswered4: 1 });
    expect(await at(24.1)).toEqual({ ...sent, unanswered24: 1 });
    Object.assign(sent, { unanswered24: 1 });
    // The reservation of 48 hours: 3.5 hours left, then half an hour.
    expect(await at(44.5)).toEqual({ ...sent, bankLapsing: 1, deadline4: 1 });
    Object.assign(sent, { bankLapsing: 1, deadline4: 1 });
    expect(await at(47.5)).toEqual({ ...sent, deadline1: 1 });
    Object.assign(sent, { deadline1: 1 });
    expect(await at(8 * 24)).toEqual({ ...sent, silentBank: 1 });
    Object.assign(sent, { silentBank: 1 });
    expect(await at(10 * 24 + 1)).toEqual({ ...sent, expiry90: 1 });
    Object.assign(sent, { expiry90: 1 });
    expect(await at(14 * 24 + 1)).toEqual({ ...sent, delivered14: 1 });
    Object.assign(sent, { delivered14: 1 });
    expect(await at(21 * 24 + 1)).toEqual({ ...sent, delivered21: 1 });
    Object.assign(sent, { delivered21: 1 });
    expect(await at(70 * 24 + 1)).toEqual({ ...sent, expiry30: 1 });
    Object.assign(sent, { expiry30: 1 });
    expect(await at(81 * 24 + 1)).toEqual({ ...sent, windowPassed: 1 });
    Object.assign(sent, { windowPassed: 1 });
    expect(await at(93 * 24 + 1)).toEqual({ ...sent, expiry7: 1 });

    // The 90-day reminder named the open entry the graft fits, and every mail links to the app.
    const [expiryMail] = await database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('kind', '=', 'reminder')
      .where('recipient', '=', DEMO.employeeX)
      .where('textBody', 'like', `%${lots.expiring} expires%in 90 days%`)
      .execute();
    expect(expiryMail?.textBody).toContain(entryCode);
    expect(expiryMail?.textBody).toContain(`http://localhost:3000/home/eute/donation/${lots.expiring}`);
  }, 240_000);
});
