import { localDay, shiftDate, DEFAULT_TIME_ZONE } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../db/database';
import { createMailer } from '../../mail/mailer';
import { DEMO, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { startAndStop } from '../../../test/support/app';
import { testClock, thisMorning } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { implantedThrough } from '../../../test/support/followups';
import { freeGraftOfX } from '../../../test/support/requests';
import { followUpReminders } from './followups.reminders';
import { scheduleFollowUps } from './followups.service';

// Follow-up reminders (docs/decisions.md "Follow-ups"): the clock moves while no server runs; each
// start runs the due jobs. The 30-day visit is reminded when its window opens and once more when it
// is overdue, to the physician who requested the graft; a graft its bank recorded reminds every
// physician of the clinic, of its latest visit only. Two instances running the job at the same
// moment send each reminder once.

describe(`follow-up reminders, each exactly once (${testEngineName()})`, () => {
  // Mid-morning UTC: the clinics' day (Berlin) is the UTC day, so the days below are plain.
  const clock = testClock(thisMorning());
  const day0 = localDay(clock.now(), DEFAULT_TIME_ZONE);
  let app: SeededApp;
  let database: Database;
  const lots = { requested: '', second: '', recordedByBank: '' };

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
    const db = app.server.database.db;
    await db.updateTable('users').set({ language: 'en' }).execute();
    const sides = { physician: 'physicianA', bank: 'employeeX', euteId: app.ids.euteX } as const;
    lots.requested = (await implantedThrough(app, sides, day0)).lot;
    lots.second = (await implantedThrough(app, sides, day0)).lot;
    // The second graft's 30-day visit moved to day 50: its window opens on day 36.
    const second = await db.selectFrom('grafts').select('id').where('eLot', '=', lots.second).executeTakeFirstOrThrow();
    await db
      .updateTable('followups')
      .set({ dueOn: shiftDate(day0, 50) })
      .where('graftId', '=', second.id)
      .where('visit', '=', 'P30D')
      .execute();
    // An implantation its bank recorded at clinic A 400 days ago (no request): both early visits overdue.
    lots.recordedByBank = await freeGraftOfX(app);
    const graft = await db
      .selectFrom('grafts')
      .select('id')
      .where('eLot', '=', lots.recordedByBank)
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      scheduleFollowUps(
        trx,
        {
          graftId: graft.id,
          lot: lots.recordedByBank,
          requestId: null,
          euteId: app.ids.euteX,
          clinicId: app.ids.clinicA,
          patientCode: 'B-04-2024',
          implantedOn: shiftDate(day0, -400),
        },
        { actorUserId: null, ip: null, now: clock.now() },
      ),
    );
    // Physician B works at clinic A too now: a physician of the clinic, not the requester.
    await db
      .insertInto('clinicMembers')
      .values({ userId: app.ids.users.physicianB, clinicId: app.ids.clinicA })
      .execute();
    await app.server.app.close();
    database = createDatabase(app.server.target);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await app?.server.close();
  });

  const restart = () => startAndStop({ ...app.server.config, mailRetentionDays: 365 }, database, clock.now);

  /** Reminder mails to `email` whose text holds every fragment. */
  async function mails(email: string, ...fragments: string[]): Promise<number> {
    const rows = await database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('kind', '=', 'reminder')
      .where('recipient', '=', email)
      .execute();
    return rows.filter((row) => fragments.every((fragment) => row.textBody.includes(fragment))).length;
  }

  async function counts() {
    const due = `The 30-day follow-up of graft ${lots.requested}, implanted on ${day0}, is due on ${shiftDate(day0, 30)}`;
    const overdue = `The 30-day follow-up of graft ${lots.requested}, implanted on ${day0}, was due on ${shiftDate(day0, 30)} and is overdue`;
    return {
      due: await mails(DEMO.physicianA, due),
      overdue: await mails(DEMO.physicianA, overdue),
      toOtherPhysician: await mails(DEMO.physicianB, lots.requested),
      centre: (
        await database.db
          .selectFrom('notifications')
          .select('payload')
          .where('userId', '=', app.ids.users.physicianA)
          .where('kind', '=', 'reminder')
          .execute()
      ).filter((row) => row.payload.includes(lots.requested)).length,
    };
  }

  let movedDays = 0;
  async function onDay(days: number) {
    clock.advanceDays(days - movedDays);
    movedDays = days;
    await restart();
    const after = await counts();
    // A second start at the same moment finds every reminder sent.
    await restart();
    expect(await counts()).toEqual(after);
    return after;
  }

  test('the window opening and the visit overdue are each reminded once, to the requesting physician', async () => {
    const none = { due: 0, overdue: 0, toOtherPhysician: 0, centre: 0 };
    expect(await onDay(15)).toEqual(none);
    expect(await onDay(16)).toEqual({ ...none, due: 1, centre: 1 });
    expect(await onDay(30)).toEqual({ ...none, due: 1, centre: 1 });
    expect(await onDay(31)).toEqual({ ...none, due: 1, overdue: 1, centre: 2 });
    expect(await onDay(35)).toEqual({ ...none, due: 1, overdue: 1, centre: 2 });

    // The reminder links to the graft's follow-ups.
    const [mail] = await database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('recipient', '=', DEMO.physicianA)
      .where('textBody', 'like', `%${lots.requested}%is overdue%`)
      .execute();
    expect(mail?.textBody).toContain(`http://localhost:3000/home/clinic/followups?lot=${lots.requested}`);
  }, 240_000);

  test('a graft its bank recorded reminds every physician of the clinic, of its latest visit only', async () => {
    for (const physician of [DEMO.physicianA, DEMO.physicianB]) {
      expect(await mails(physician, `The 1-year follow-up of graft ${lots.recordedByBank}`, 'is overdue')).toBe(1);
      expect(await mails(physician, `The 30-day follow-up of graft ${lots.recordedByBank}`)).toBe(0);
    }
  });

  test('two instances running the job at the same moment send the reminder once', async () => {
    clock.advanceDays(36 - movedDays);
    const other = createDatabase(app.server.target);
    try {
      const deps = (db: Database) => ({
        db: db.db,
        now: clock.now,
        mailer: createMailer(app.server.config, { now: clock.now }),
        push: { publish: () => undefined },
        publicUrl: app.server.config.publicUrl,
      });
      const sent = await Promise.all([followUpReminders(deps(database)), followUpReminders(deps(other))]);
      expect(sent.sort()).toEqual([0, 1]);
      expect(await followUpReminders(deps(other))).toBe(0);
      expect(await mails(DEMO.physicianA, `The 30-day follow-up of graft ${lots.second}`, 'is due on')).toBe(1);
    } finally {
      await other.close();
    }
  }, 60_000);
});
