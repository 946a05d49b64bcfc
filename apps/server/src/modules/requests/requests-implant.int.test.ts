import { shiftDate, utcDate } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs } from '../../../test/support/auth';
import { DEMO, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { archivedGraft, deliveredRequest } from '../../../test/support/clinical-records';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { step, stepOk } from '../../../test/support/requests';

// The implant step checks what the traceability report will say (docs/decisions.md, "Clinical records"):
// a date from the delivery to today and a complete patient code; otherwise 400 with field errors
// and nothing changes.

describe(`the implant step checks date and patient code (${testEngineName()})`, () => {
  const clock = testClock();
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  const fieldsOf = async (answer: Response) =>
    ((await expectProblem(answer, 400)).errors ?? []).map((error: { field: string }) => error.field);

  test('refuses a future date with the placeholder code, and a date before the delivery with a partial code', async () => {
    const delivered = await deliveredRequest(app, 'K-11-2018');
    const today = utcDate(clock.now());
    expect(delivered).toMatchObject({ state: 'delivered', deliveredOn: today, patient_Code: 'K-11-2018' });
    const { physicianA } = app.clients;

    const future = await step(physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, 1),
      patient_Code: 'NN-00-0000',
    });
    expect(await fieldsOf(future)).toEqual(['date', 'patient_Code']);
    const early = await step(physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, -1),
      patient_Code: 'K-00-2018',
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
    app.clients.physicianA = await loginAs(app.server, DEMO.physicianA);
    const implanted = await stepOk(app.clients.physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, 1),
      patient_Code: delivered.patient_Code,
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
});
