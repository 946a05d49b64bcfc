import type { RequestInbox } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectProblem, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { entryFor, freeGraftOfX, requestGraft } from '../../../test/support/requests';

// A request is tied to the patient (docs/decisions.md "Graft requests"): through a waiting-list entry
// the graft fits, or by the patient code given with it; never by an entry of another type or size.

describe(`whom a graft request is for (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  const entry = (criteria: Record<string, unknown>) =>
    entryFor(app.clients.physicianA, 'E-07-2019', 10, today(), criteria);
  const fieldsOf = async (answer: Response) =>
    ((await expectProblem(answer, 400)).errors ?? []).map((error) => error.field);

  test('an entry of another graft type, or one the graft does not fit, is refused with a field error', async () => {
    const { physicianA } = app.clients;
    const lot = await freeGraftOfX(app);
    const pulmonary = await entry({ query_type: 1 });
    const narrower = await entry({ query_d_min: 22, query_d_max: 24 });
    const longer = await entry({ query_l_min: 80 });
    for (const waitinglistid of [pulmonary, narrower, longer]) {
      expect(await fieldsOf(await physicianA.post('/api/physician/requests', { lot, waitinglistid }))).toEqual([
        'waitinglistid',
      ]);
    }
    const fitting = await entryFor(physicianA, 'F-08-2018', 10);
    const request = await requestGraft(physicianA, { lot, waitinglistid: fitting });
    expect(request).toMatchObject({ waitinglistid: fitting, patient_Code: 'F-08-2018' });
    // The entry holds the patient code: a second one with it is refused rather than ignored.
    const other = await freeGraftOfX(app);
    const both = await physicianA.post('/api/physician/requests', {
      lot: other,
      waitinglistid: fitting,
      patient_Code: 'G-09-2017',
    });
    expect(await fieldsOf(both)).toEqual(['patient_Code']);
  });

  test('without an entry the request needs a complete patient code or an explicit "not known"', async () => {
    const { physicianB, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    for (const body of [{ lot }, { lot, patient_Code: 'K-00-2017' }, { lot, patient_Code: 'NN-03-2020' }]) {
      expect(await fieldsOf(await physicianB.post('/api/physician/requests', body))).toEqual(['patient_Code']);
    }
    const request = await requestGraft(physicianB, { lot, patient_Code: 'H-10-2016' });
    expect(request).toMatchObject({ waitinglistid: null, patient_Code: 'H-10-2016' });

    // The bank ranks the child under its code, not as "n.d.".
    const inbox = (await (await employeeX.get('/api/euteemployee/requests')).json()) as RequestInbox;
    const candidates = inbox.find((graft) => graft.lot === lot)?.candidates ?? [];
    expect(candidates.find((candidate) => candidate.requestId === request.id)?.patient_Code).toBe('H-10-2016');

    const unknown = await requestGraft(app.clients.physicianA, {
      lot: await freeGraftOfX(app),
      patient_Code: 'NN-00-0000',
    });
    expect(unknown.patient_Code).toBe('NN-00-0000');
  });
});
