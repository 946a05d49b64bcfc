import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { aWaitingListRequest } from '@graftmatch/domain/testing';
import { expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';

// A waiting-list entry names its patient completely or says "not known yet" with NN-00-0000, never
// half of a code (docs/decisions.md, "Patient codes"): K-00-2017 used to be stored and shown as n.d.

const ENTRY = aWaitingListRequest();
const LIST = '/api/physician/waitinglist';

describe(`patient codes of waiting-list entries (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test('a partial code is refused with the missing part named; a complete one and "not known yet" are kept', async () => {
    const { physicianA } = app.clients;
    const partial = await expectProblem(await physicianA.post(LIST, { ...ENTRY, patient_Code: 'K-00-2017' }), 400);
    expect(partial.errors).toEqual([{ field: 'patient_Code', message: 'the birth month is missing' }]);
    const noYear = await expectProblem(await physicianA.post(LIST, { ...ENTRY, patient_Code: 'K-05-0000' }), 400);
    expect(noYear.errors).toEqual([{ field: 'patient_Code', message: 'the birth year is missing' }]);
    const month13 = await expectProblem(await physicianA.post(LIST, { ...ENTRY, patient_Code: 'K-13-2017' }), 400);
    expect(month13.errors?.map((error) => error.field)).toContain('patient_Code');

    const unknown = await physicianA.post(LIST, { ...ENTRY, patient_Code: 'NN-00-0000' });
    expect(unknown.status).toBe(201);
    const { waitinglistid } = (await unknown.json()) as { waitinglistid: string };
    const patched = await expectProblem(
      await physicianA.patch(`${LIST}/${waitinglistid}`, { patient_Code: 'NN-05-2017' }),
      400,
    );
    expect(patched.errors).toEqual([{ field: 'patient_Code', message: 'the initial is missing' }]);
    const named = await physicianA.patch(`${LIST}/${waitinglistid}`, { patient_Code: 'K-05-2017' });
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({ patient_Code: 'K-05-2017' });
  });
});
