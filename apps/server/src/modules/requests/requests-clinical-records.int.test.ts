import { DEFAULT_TIME_ZONE, localDay, shiftDate, toIsoDate, type RequestHistory } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { archivedGraft, deliveredRequest, implantedRequest } from '../../../test/support/clinical-records';
import { loginAs } from '../../../test/support/auth';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { freeGraftOfX, packageCode, requestGraft, step, stepOk } from '../../../test/support/requests';

// The clinical record of a request (docs/decisions.md, "Clinical records"). The implant step checks
// what the traceability report will say: a date from the delivery to today and a complete patient
// code, else 400 with field errors and nothing changes. A correction of a recorded step (docs/api.md,
// "Corrections") passes the same rules, needs a reason, leaves an audit row with old and new value,
// and files the step's document anew.

describe(`the clinical record of a request (${testEngineName()})`, () => {
  const clock = testClock();
  // The demo's clinics and banks are in Berlin: their steps are dated by its local day.
  const berlinDay = () => localDay(clock.now(), DEFAULT_TIME_ZONE);
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  /** Access tokens live 15 minutes on the app's clock; after moving it, everyone logs in again. */
  const loginAgain = async () => {
    for (const role of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      app.clients[role] = await loginAs(app.server, DEMO[role]);
    }
  };
  const correct = (role: keyof typeof DEMO, id: string, body: unknown) =>
    app.clients[role].post(`/api/requests/${id}/corrections`, body);

  const fieldsOf = async (answer: Response) =>
    ((await expectProblem(answer, 400)).errors ?? []).map((error: { field: string }) => error.field);

  test('the implant step refuses a future date with the placeholder code, and a date before the delivery with a partial code', async () => {
    const delivered = await deliveredRequest(app, 'K-11-2018');
    const today = berlinDay();
    expect(delivered).toMatchObject({ state: 'delivered', deliveredOn: today, patient_Code: 'K-11-2018' });
    const { physicianA } = app.clients;

    const future = await step(physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, 1),
      patient_Code: 'NN-00-0000',
      sec: await packageCode(app, delivered.lot),
    });
    expect(await fieldsOf(future)).toEqual(['date', 'patient_Code']);
    const early = await step(physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, -1),
      patient_Code: 'K-00-2018',
      sec: await packageCode(app, delivered.lot),
    });
    const problem = await expectProblem(early, 400);
    expect(problem.errors).toEqual([
      { field: 'date', message: `must not be before the delivery on ${today}` },
      { field: 'patient_Code', message: 'the birth month is missing' },
    ]);

    // Nothing was recorded: the graft is not archived and has no traceability report.
    expect(await archivedGraft(app, delivered.lot)).toBeUndefined();
    const list = (await (await physicianA.get('/api/physician/requests')).json()) as { id: string; state: string }[];
    expect(list.find((request) => request.id === delivered.id)?.state).toBe('delivered');

    // Two days later, yesterday's implantation with the entry's code is recorded.
    clock.advanceDays(2);
    await loginAgain();
    const implanted = await stepOk(app.clients.physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, 1),
      patient_Code: delivered.patient_Code,
      sec: await packageCode(app, delivered.lot),
    });
    expect(implanted).toMatchObject({
      state: 'implanted',
      implantedOn: shiftDate(today, 1),
      patient_Code: 'K-11-2018',
    });
    expect(await archivedGraft(app, delivered.lot)).toMatchObject({
      implantation: { status: 1, outValue: shiftDate(today, 1) },
      traceabilityReport: { status: 1 },
      patient_Initial: 'K',
    });
  }, 60_000);

  test('the physician corrects the implantation date: audited, shown in the history, report filed anew', async () => {
    const delivered = berlinDay();
    const implanted = await implantedRequest(app, delivered);
    clock.advanceDays(2);
    await loginAgain();
    const typo = shiftDate(delivered, 1);
    const reason = 'Typo in the implantation date';

    // Same rules as the step, and a reason is required.
    const future = await expectProblem(
      await correct('physicianA', implanted.id, { field: 'implantedOn', value: shiftDate(delivered, 3), reason }),
      400,
    );
    expect(future.errors).toEqual([{ field: 'value', message: expect.stringMatching(/must not be in the future/) }]);
    await expectProblem(await correct('physicianA', implanted.id, { field: 'implantedOn', value: typo }), 400);
    const placeholder = await expectProblem(
      await correct('physicianA', implanted.id, { field: 'patient_Code', value: 'NN-00-0000', reason }),
      400,
    );
    expect(placeholder.errors?.[0]?.field).toBe('value');

    const answer = await correct('physicianA', implanted.id, { field: 'implantedOn', value: typo, reason });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toMatchObject({ state: 'implanted', implantedOn: typo });

    const graft = await archivedGraft(app, implanted.lot);
    expect(graft?.implantation.outValue).toBe(typo);
    expect(graft?.deliveryNoteFiles.map((file) => file.name)).toEqual([`Delivery_note_${implanted.lot}.pdf`]);
    // The report made again is its next version, the correction its reason; the first is kept.
    expect(graft?.traceabilityReportFiles).toEqual([
      expect.objectContaining({ name: `Traceability_report_${implanted.lot}.pdf`, version: 1, current: false }),
      expect.objectContaining({
        name: `Traceability_report_${implanted.lot} v2.pdf`,
        version: 2,
        current: true,
        record: true,
        reason: expect.stringContaining(reason),
      }),
    ]);
    expect(graft?.traceabilityReport.outValue).toBe(`Traceability_report_${implanted.lot} v2.pdf`);

    const history = (await (
      await app.clients.employeeX.get(`/api/requests/${implanted.id}/history`)
    ).json()) as RequestHistory;
    expect(history.at(-1)).toMatchObject({
      action: 'request.correct',
      by: DEMO.physicianA,
      field: 'implantedOn',
      oldValue: delivered,
      newValue: typo,
      reason,
    });
    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('action', '=', 'request.correct')
      .where('targetId', '=', implanted.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before ?? '')).toEqual({ field: 'implantedOn', value: delivered });
    expect(JSON.parse(audit.after ?? '')).toEqual({ field: 'implantedOn', value: typo, reason });
  }, 60_000);

  test('the bank corrects its steps, the physician hers, admins any; others are refused', async () => {
    const day = berlinDay();
    const implanted = await implantedRequest(app, day);
    const body = (field: string, value: string) => ({ field, value, reason: 'Wrong entry' });

    await expectProblem(await correct('employeeX', implanted.id, body('implantedOn', day)), 403);
    await expectProblem(await correct('physicianA', implanted.id, body('deliveredOn', day)), 403);
    await expectProblem(await correct('auditor', implanted.id, body('implantedOn', day)), 403);
    await expectProblem(await correct('physicianB', implanted.id, body('implantedOn', day)), 404);
    await expectProblem(await correct('employeeY', implanted.id, body('deliveredOn', day)), 404);
    await expectProblem(await correct('employeeX', implanted.id, body('reason', 'no')), 409);
    const late = await expectProblem(
      await correct('employeeX', implanted.id, body('deliveredOn', shiftDate(day, 1))),
      400,
    );
    expect(late.errors?.[0]?.field).toBe('value');

    // The delivery may not come before the assignment: the bank corrects that one first.
    await expectProblem(await correct('employeeX', implanted.id, body('deliveredOn', shiftDate(day, -1))), 400);
    expect((await correct('employeeX', implanted.id, body('assignedOn', shiftDate(day, -2)))).status).toBe(200);
    expect((await correct('employeeX', implanted.id, body('deliveredOn', shiftDate(day, -1)))).status).toBe(200);
    // Nor the assignment before the graft's release: the bank's own import would refuse that record.
    const { releaseOut } = await app.server.database.db
      .selectFrom('grafts')
      .select('releaseOut')
      .where('eLot', '=', implanted.lot)
      .executeTakeFirstOrThrow();
    const released = toIsoDate(releaseOut)!;
    const early = await expectProblem(
      await correct('employeeX', implanted.id, body('assignedOn', shiftDate(released, -1))),
      400,
    );
    expect(early.errors).toEqual([
      { field: 'value', message: `must not be before the graft’s release on ${released}` },
    ]);
    expect((await archivedGraft(app, implanted.lot))?.deliveryNoteFiles.map((file) => file.name)).toContain(
      `Delivery_note_${implanted.lot} v2.pdf`,
    );
    const recoded = await correct('admin', implanted.id, body('patient_Code', 'B-04-2020'));
    expect(recoded.status).toBe(200);
    expect(await recoded.json()).toMatchObject({ patient_Code: 'B-04-2020' });
    expect(await archivedGraft(app, implanted.lot)).toMatchObject({ patient_Initial: 'B' });

    const open = await requestGraft(app.clients.physicianA, {
      lot: await freeGraftOfX(app),
      patient_Code: 'C-05-2019',
    });
    await expectProblem(await correct('admin', open.id, body('implantedOn', day)), 409);
    expect((await app.clients.auditor.get(`/api/requests/${implanted.id}/history`)).status).toBe(200);
    await expectProblem(await app.clients.physicianB.get(`/api/requests/${implanted.id}/history`), 404);
  }, 60_000);
});
