import { shiftDate, utcDate, type Clinic, type Eute, type VigilanceReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { deliveredRequest } from '../../../test/support/clinical-records';
import { loginAs } from '../../../test/support/auth';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { packageCode, step, stepOk } from '../../../test/support/requests';

// Clinical days in the place they happen (docs/decisions.md "Time zones"). Late in the evening UTC
// it is already tomorrow in Berlin, and early in the UTC morning it is still yesterday in New York:
// the implantation is judged "in the future" by the clinic's local day, the delivery dated by the
// bank's, and each date keeps the zone it was judged in; a vigilance report's dates likewise.

describe(`clinical dates by the organisation's local day (${testEngineName()})`, () => {
  // 23:30 UTC on the current UTC day: 00:30 of the next day in Berlin (CET, winter) or 01:30 (CEST).
  const day = utcDate(new Date());
  const clock = testClock(new Date(`${day}T23:30:00.000Z`));
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  let implantedInNewYork = '';

  const loginAgain = async () => {
    for (const role of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      app.clients[role] = await loginAs(app.server, DEMO[role]);
    }
  };
  const implant = async (id: string, lot: string, date: string, patientCode: string | null) =>
    step(app.clients.physicianA, 'physician', id, 'implant', {
      date,
      patient_Code: patientCode,
      sec: await packageCode(app, lot),
    });

  test('the admin sets a clinic and a bank to a time zone Intl knows; abbreviations and offsets are refused', async () => {
    const { admin, auditor } = app.clients;
    const clinic = (await (await admin.get(`/api/admin/clinics/${app.ids.clinicA}`)).json()) as Clinic;
    expect(clinic.timeZone).toBe('Europe/Berlin');
    for (const wrong of ['CET', '+01:00', 'europe/berlin', 'Mars/Olympus']) {
      const refused = await expectProblem(
        await admin.patch(`/api/admin/clinics/${app.ids.clinicA}`, { timeZone: wrong }),
        400,
      );
      expect(refused.errors).toEqual([{ field: 'timeZone', message: expect.stringMatching(/IANA time zone/) }]);
    }
    await expectProblem(await admin.patch(`/api/admin/eutes/${app.ids.euteY}`, { timeZone: 'CET' }), 400);
    await expectProblem(await auditor.patch(`/api/admin/eutes/${app.ids.euteY}`, { timeZone: 'Asia/Tokyo' }), 403);

    const bank = await admin.patch(`/api/admin/eutes/${app.ids.euteY}`, { timeZone: 'Asia/Tokyo' });
    expect(bank.status).toBe(200);
    expect(((await bank.json()) as Eute).timeZone).toBe('Asia/Tokyo');
    const added = await admin.post('/api/admin/clinics/add', { c_Name: 'Klinik ohne Zone' });
    expect(added.status).toBe(201);
    expect(((await added.json()) as Clinic).timeZone).toBe('Europe/Berlin');
    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'eute.update')
      .where('targetId', '=', app.ids.euteY)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ timeZone: 'Asia/Tokyo' });
  }, 60_000);

  test('at 23:30 UTC a clinic in Berlin implants on its next day, and the day after that is refused', async () => {
    const berlinDay = shiftDate(day, 1);
    const delivered = await deliveredRequest(app, 'L-02-2019');
    // The bank in Berlin delivered on its local day, not the UTC day.
    expect(delivered).toMatchObject({ deliveredOn: berlinDay, deliveredTimeZone: 'Europe/Berlin' });

    const future = await expectProblem(await implant(delivered.id, delivered.lot, shiftDate(day, 2), 'L-02-2019'), 400);
    expect(future.errors).toEqual([{ field: 'date', message: `must not be in the future (today is ${berlinDay})` }]);
    const implanted = await stepOk(app.clients.physicianA, 'physician', delivered.id, 'implant', {
      date: berlinDay,
      patient_Code: 'L-02-2019',
      sec: await packageCode(app, delivered.lot),
    });
    expect(implanted).toMatchObject({
      state: 'implanted',
      implantedOn: berlinDay,
      implantedTimeZone: 'Europe/Berlin',
      clinicTimeZone: 'Europe/Berlin',
    });
  }, 60_000);

  test('at 21:00 in New York on the next UTC day, a clinic there implants on its own day, not the UTC one', async () => {
    const { admin } = app.clients;
    expect((await admin.patch(`/api/admin/clinics/${app.ids.clinicA}`, { timeZone: 'America/New_York' })).status).toBe(
      200,
    );
    expect((await admin.patch(`/api/admin/eutes/${app.ids.euteX}`, { timeZone: 'America/New_York' })).status).toBe(200);
    // 02:00 UTC on the next day is 21:00 (EST) or 22:00 (EDT) of `day` in New York.
    clock.advanceMinutes(150);
    await loginAgain();
    const nextUtcDay = shiftDate(day, 1);
    expect(utcDate(clock.now())).toBe(nextUtcDay);

    const delivered = await deliveredRequest(app, 'M-07-2020');
    expect(delivered).toMatchObject({ deliveredOn: day, deliveredTimeZone: 'America/New_York' });
    const future = await expectProblem(await implant(delivered.id, delivered.lot, nextUtcDay, 'M-07-2020'), 400);
    expect(future.errors).toEqual([{ field: 'date', message: `must not be in the future (today is ${day})` }]);

    const implanted = await stepOk(app.clients.physicianA, 'physician', delivered.id, 'implant', {
      date: day,
      patient_Code: 'M-07-2020',
      sec: await packageCode(app, delivered.lot),
    });
    expect(implanted).toMatchObject({ implantedOn: day, implantedTimeZone: 'America/New_York' });
    implantedInNewYork = delivered.lot;

    // A correction of the date is judged by the same zone: New York's tomorrow is refused.
    const correction = await expectProblem(
      await app.clients.physicianA.post(`/api/requests/${implanted.id}/corrections`, {
        field: 'implantedOn',
        value: nextUtcDay,
        reason: 'Wrong day',
      }),
      400,
    );
    expect(correction.errors).toEqual([{ field: 'value', message: `must not be in the future (today is ${day})` }]);
  }, 60_000);

  test('a vigilance report made then carries New York’s day in its reference, part A’s and part B’s dates', async () => {
    const { physicianA, employeeX } = app.clients;
    const created = await physicianA.post('/api/vigilance/reports', {
      kind: 'SAR',
      lot: implantedInNewYork,
      description: 'Fever after implantation.',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const report = (await created.json()) as VigilanceReport;
    expect(report.sar?.notification.reportIdentification).toContain(day.replaceAll('-', ''));
    const filled = await physicianA.patch(`/api/vigilance/reports/${report.id}`, {
      sarNotification: { reactionDate: day, reactionType: 'Fever', imputability: 'possible', severity: 'serious' },
    });
    expect(filled.status, await filled.clone().text()).toBe(200);
    const notified = await physicianA.post(`/api/vigilance/reports/${report.id}/submit-notification`, {});
    expect(((await notified.json()) as VigilanceReport).sar?.notification.reportingDate).toBe(day);
    const completed = await employeeX.patch(`/api/vigilance/reports/${report.id}`, {
      sarConfirmation: {
        confirmed: true,
        typeChanged: false,
        clinicalOutcome: 'complete-recovery',
        investigationOutcome: 'No contamination found.',
        correctiveActions: 'None needed.',
      },
    });
    expect(completed.status, await completed.clone().text()).toBe(200);
    const confirmed = await employeeX.post(`/api/vigilance/reports/${report.id}/confirm`, {});
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(((await confirmed.json()) as VigilanceReport).sar?.confirmation.confirmationDate).toBe(day);
  }, 60_000);
});
