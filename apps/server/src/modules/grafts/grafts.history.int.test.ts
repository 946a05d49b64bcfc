import { DEFAULT_TIME_ZONE, localDay, type GraftHistory } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, expectProblem, graftRow, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { deliveredRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';
import { packageCode, stepOk } from '../../../test/support/requests';
import { recordAudit } from '../audit/audit.service';

// A graft's life story (docs/api.md, "A graft's history"): every step of its request with who did it,
// corrections with their reasons, its files, newest first; read by those who may see the graft.

describe(`a graft's history (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  const historyOf = async (role: keyof SeededApp['clients'], lot: string) =>
    app.clients[role].get(`/api/grafts/history/${encodeURIComponent(lot)}`);

  test('tells every step of a request to implantation, with names, and a correction with its reason, newest first', async () => {
    const delivered = await deliveredRequest(app, 'K-11-2018');
    const today = localDay(new Date(), DEFAULT_TIME_ZONE);
    await stepOk(app.clients.physicianA, 'physician', delivered.id, 'implant', {
      date: today,
      patient_Code: delivered.patient_Code,
      sec: await packageCode(app, delivered.lot),
    });
    const reason = 'The date was typed from the wrong chart.';
    const corrected = await app.clients.physicianA.post(`/api/requests/${delivered.id}/corrections`, {
      field: 'patient_Code',
      value: 'K-12-2018',
      reason,
    });
    expect(corrected.status).toBe(200);

    const answer = await historyOf('admin', delivered.lot);
    expect(answer.status).toBe(200);
    const history = (await answer.json()) as GraftHistory;
    const requestActions = history.filter((event) => event.targetType === 'graftRequest').map((event) => event.action);
    expect(requestActions).toEqual([
      'request.correct',
      'request.implant',
      'request.deliver',
      'request.assign',
      'request.confirm',
      'request.reserve',
      'request.create',
    ]);
    const times = history.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byAction = (action: string) => history.find((event) => event.action === action);
    expect(byAction('request.create')?.actor).toContain(DEMO.physicianA);
    expect(byAction('request.reserve')?.actor).toContain(DEMO.employeeX);
    expect(byAction('request.reserve')?.changes).toEqual([
      { field: 'state', oldValue: 'requested', newValue: 'reserved' },
    ]);
    expect(byAction('request.correct')).toMatchObject({
      reason,
      changes: [{ field: 'patient_Code', oldValue: 'K-11-2018', newValue: 'K-12-2018' }],
    });
    // The delivery note filed on delivery is the graft's file, found by its lot.
    expect(history.some((event) => event.targetType === 'graftFile' && event.action === 'graft.file.generate')).toBe(
      true,
    );

    for (const role of ['employeeX', 'auditor', 'physicianA'] as const) {
      expect((await historyOf(role, delivered.lot)).status, role).toBe(200);
    }
    // Other tenants read nothing of it, as if the lot did not exist.
    for (const role of ['employeeY', 'physicianB'] as const) {
      await expectProblem(await historyOf(role, delivered.lot), 404);
    }
    expect((await historyOf('anonymous', delivered.lot)).status).toBe(401);
    await expectProblem(await historyOf('admin', 'NO-SUCH-LOT'), 404);
  });

  test('an import correction shows its fields old → new with the reason; files of a lot that only looks alike do not count', async () => {
    const db = app.server.database.db;
    const graft = graftRow(app.ids.euteX, { eLot: 'HIST_1' });
    const lookalike = graftRow(app.ids.euteX, { eLot: 'HISTx1' });
    await db.insertInto('grafts').values([graft, lookalike]).execute();
    await recordAudit(db, {
      actorUserId: app.ids.users.employeeX,
      action: 'graft.import.update',
      targetType: 'graft',
      targetId: graft.id,
      before: { t_Lmax: 40 },
      after: { t_Lmax: 45, importLogId: 'log-1', correctionReason: 'Measured again' },
      ip: null,
    });
    await recordAudit(db, {
      actorUserId: app.ids.users.employeeX,
      action: 'graft.file.upload',
      targetType: 'graftFile',
      targetId: 'file-of-lookalike',
      after: { lot: 'HISTx1', kind: 'photos', name: 'other.jpg' },
      ip: null,
    });
    await recordAudit(db, {
      actorUserId: app.ids.users.employeeX,
      action: 'graft.file.upload',
      targetType: 'graftFile',
      targetId: 'file-of-graft',
      after: { lot: 'HIST_1', kind: 'photos', name: 'mine.jpg' },
      ip: null,
    });

    const history = (await (await historyOf('employeeX', 'HIST_1')).json()) as GraftHistory;
    expect(history.map((event) => event.action)).toEqual(['graft.file.upload', 'graft.import.update']);
    expect(history[0]?.changes).toEqual([
      { field: 'kind', oldValue: null, newValue: 'photos' },
      { field: 'name', oldValue: null, newValue: 'mine.jpg' },
    ]);
    expect(history[1]).toMatchObject({
      reason: 'Measured again',
      changes: [{ field: 't_Lmax', oldValue: '40', newValue: '45' }],
    });
    // A physician sees a graft's history only once their clinic requested it or has it.
    await expectProblem(await historyOf('physicianA', 'HIST_1'), 404);
  });
});
