import type { GraftRequest, RequestHistory } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { deliveredRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';
import { connectPush, type PushClient } from '../../../test/support/push';
import { freeGraftOfX, packageCode, step, stepOk } from '../../../test/support/requests';

// The package's code at the clinic (docs/decisions.md, "Scanning"): the receipt and the implantation
// need the SEC of the assigned graft (or its lot when it has none); another graft's code is refused
// with 409 naming both codes and leaves a `request.mismatch` audit row in the request's history.
// `GET /api/grafts/by-code/{code}` finds a graft by lot, SEC or ISBT 128 `&,4` under the details' rules.

const compact = (sec: string) => sec.replaceAll(' ', '');

describe(`scanning a graft's package (${testEngineName()})`, () => {
  let app: SeededApp;
  let pushA: PushClient;
  let pushX: PushClient;
  beforeAll(async () => {
    app = await startSeededApp();
    pushA = await connectPush(app.clients.physicianA);
    pushX = await connectPush(app.clients.employeeX);
  }, 120_000);
  afterAll(async () => {
    await pushA?.connection.stop();
    await pushX?.connection.stop();
    await app?.server.close();
  });

  const history = async (id: string) =>
    (await (await app.clients.physicianA.get(`/api/requests/${id}/history`)).json()) as RequestHistory;
  const pushesOf = (push: PushClient, id: string) =>
    push.received.filter((message) => message.event === 'requestChanged' && message.args[0].id === id).length;

  test("a delivered graft is received with its SEC; another graft's SEC is refused naming both and audited", async () => {
    const delivered = await deliveredRequest(app);
    const own = await packageCode(app, delivered.lot);
    const other = await packageCode(app, await freeGraftOfX(app));
    const { physicianA } = app.clients;

    const refused = await step(physicianA, 'physician', delivered.id, 'receive', { sec: other });
    const problem = (await expectProblem(refused, 409)) as {
      detail?: string;
      expectedCode?: string;
      scannedCode?: string;
    };
    expect(problem).toMatchObject({ expectedCode: own, scannedCode: other });
    expect(problem.detail).toContain(own);
    expect(problem.detail).toContain(other);
    expect((await history(delivered.id)).at(-1)).toMatchObject({
      action: 'request.mismatch',
      field: 'sec',
      oldValue: own,
      newValue: other,
      reason: 'receive',
    });

    const pushedBefore = [pushesOf(pushA, delivered.id), pushesOf(pushX, delivered.id)];
    const received = await stepOk(physicianA, 'physician', delivered.id, 'receive', { sec: `SEC ${compact(own)}` });
    expect(received).toMatchObject({ state: 'delivered', receivedAt: expect.any(String) });
    expect((await history(delivered.id)).at(-1)).toMatchObject({ action: 'request.receive' });
    await vi.waitFor(() => {
      expect([pushesOf(pushA, delivered.id), pushesOf(pushX, delivered.id)]).toEqual(
        pushedBefore.map((count) => count + 1),
      );
    });

    await expectProblem(await step(physicianA, 'physician', delivered.id, 'receive', { sec: own }), 409);
    await expectProblem(await step(app.clients.physicianB, 'physician', delivered.id, 'receive', { sec: own }), 404);
    await expectProblem(await step(app.clients.employeeX, 'physician', delivered.id, 'receive', { sec: own }), 403);
  });

  test('receipt needs a delivered request and a readable code', async () => {
    const delivered = await deliveredRequest(app);
    const { physicianA } = app.clients;
    const garbled = await step(physicianA, 'physician', delivered.id, 'receive', {
      sec: 'DE000123 2021264932585 E0042108 001 2026070',
    });
    expect((await expectProblem(garbled, 400)).errors).toEqual([
      { field: 'sec', message: 'is not a Single European Code: it must have 40 characters in five parts, not 39' },
    ]);
    await expectProblem(await step(physicianA, 'physician', delivered.id, 'receive', {}), 400);
    const implanted = await stepOk(physicianA, 'physician', delivered.id, 'implant', {
      date: delivered.deliveredOn,
      patient_Code: delivered.patient_Code,
      sec: await packageCode(app, delivered.lot),
    });
    expect(implanted.state).toBe('implanted');
    expect(
      (
        await expectProblem(
          await step(physicianA, 'physician', delivered.id, 'receive', {
            sec: await packageCode(app, delivered.lot),
          }),
          409,
        )
      ).detail,
    ).toMatch(/Only a delivered graft can be received; this request is implanted/);
  });

  test("the implantation is refused without the code or with another graft's, and recorded with the ISBT 128 symbol's", async () => {
    const delivered = await deliveredRequest(app);
    const own = await packageCode(app, delivered.lot);
    const other = await packageCode(app, await freeGraftOfX(app));
    const { physicianA } = app.clients;
    const body = { date: delivered.deliveredOn, patient_Code: delivered.patient_Code };

    expect(
      (await expectProblem(await step(physicianA, 'physician', delivered.id, 'implant', body), 400)).detail,
    ).toMatch(/sec/);
    const refused = await step(physicianA, 'physician', delivered.id, 'implant', { ...body, sec: other });
    expect(await expectProblem(refused, 409)).toMatchObject({ expectedCode: own, scannedCode: other });
    expect(
      await expectProblem(
        await step(physicianA, 'physician', delivered.id, 'implant', { ...body, sec: delivered.lot }),
        409,
      ),
    ).toMatchObject({ expectedCode: own, scannedCode: delivered.lot });
    expect((await history(delivered.id)).filter((entry) => entry.action === 'request.mismatch')).toEqual([
      expect.objectContaining({ oldValue: own, newValue: other, reason: 'implant' }),
      expect.objectContaining({ oldValue: own, newValue: delivered.lot, reason: 'implant' }),
    ]);
    const stillDelivered = (await (await physicianA.get('/api/physician/requests')).json()) as GraftRequest[];
    expect(stillDelivered.find((request) => request.id === delivered.id)?.state).toBe('delivered');

    const implanted = await stepOk(physicianA, 'physician', delivered.id, 'implant', {
      ...body,
      sec: `]d2&,4${compact(own)}`,
    });
    expect(implanted.state).toBe('implanted');
  });

  test('a graft without SEC is checked by its lot', async () => {
    const delivered = await deliveredRequest(app);
    await app.server.database.db.updateTable('grafts').set({ xSec: null }).where('eLot', '=', delivered.lot).execute();
    const { physicianA } = app.clients;
    const other = await packageCode(app, await freeGraftOfX(app));
    await expectProblem(await step(physicianA, 'physician', delivered.id, 'receive', { sec: other }), 409);
    expect(await stepOk(physicianA, 'physician', delivered.id, 'receive', { sec: delivered.lot })).toMatchObject({
      receivedAt: expect.any(String),
    });
  });

  test('by-code finds a graft by lot, SEC or ISBT 128 for those who may see it', async () => {
    const lot = await freeGraftOfX(app);
    const sec = await packageCode(app, lot);
    const byCode = (role: keyof SeededApp['clients'], code: string) =>
      app.clients[role].get(`/api/grafts/by-code/${encodeURIComponent(code)}`);
    for (const code of [lot, sec, compact(sec), `&,4${compact(sec)}`]) {
      for (const role of ['physicianA', 'physicianB', 'employeeX', 'auditor'] as const) {
        const answer = await byCode(role, code);
        expect(answer.status, `${role} ${code}`).toBe(200);
        expect(((await answer.json()) as { e_Lot: string }).e_Lot).toBe(lot);
      }
      await expectProblem(await byCode('employeeY', code), 404);
      await expectProblem(await byCode('admin', code), 403);
    }

    // Once assigned to clinic A, physicians of B no longer see it, by any code.
    const delivered = await deliveredRequest(app);
    const assignedSec = await packageCode(app, delivered.lot);
    expect((await byCode('physicianA', assignedSec)).status).toBe(200);
    await expectProblem(await byCode('physicianB', assignedSec), 404);
    await expectProblem(await byCode('physicianB', delivered.lot), 404);

    const garbled = await byCode('physicianA', '&,1LOT');
    const refusal = await expectProblem(garbled, 400);
    expect(refusal.errors).toEqual([
      { field: 'code', message: 'has the ISBT 128 data identifier &,1, not data structure 038 (&,4), the SEC' },
    ]);
    expect(refusal.detail).toBe(
      'The code has the ISBT 128 data identifier &,1, not data structure 038 (&,4), the SEC.',
    );
    await expectProblem(await byCode('physicianA', 'NO-SUCH-LOT'), 404);
  });
});
