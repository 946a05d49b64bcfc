import { DEFAULT_TIME_ZONE, followUpSchedule, localDay, shiftDate } from '@graftmatch/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { DEMO, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { TestClient } from '../../../test/support/client';
import { deliveredRequest, implantedRequest } from '../../../test/support/clinical-records';
import { loginAs } from '../../../test/support/auth';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { followUpsOf } from '../../../test/support/followups';
import { freeGraftOfX, packageCode, step } from '../../../test/support/requests';
import { scheduleFollowUps } from './followups.service';

// Every implantation gets its follow-up schedule (docs/api.md "Follow-ups"): made in the implant
// step's transaction, 30 days and then every year to 10, once per implantation even when two
// servers record it at the same moment, and moved with a corrected implantation day.

describe(`the follow-up schedule of an implantation (${testEngineName()})`, () => {
  const clock = testClock();
  const berlinDay = () => localDay(clock.now(), DEFAULT_TIME_ZONE);
  let app: SeededApp;
  const others: FastifyInstance[] = [];
  const databases: Database[] = [];
  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);
  afterAll(async () => {
    for (const other of others) {
      await other.close();
    }
    for (const database of databases) {
      await database.close();
    }
    await app?.server.close();
  });

  const rowsOf = (lot: string) =>
    app.server.database.db
      .selectFrom('followups')
      .innerJoin('grafts', 'grafts.id', 'followups.graftId')
      .selectAll('followups')
      .where('grafts.eLot', '=', lot)
      .orderBy('followups.dueOn')
      .execute();
  const auditsOf = async (ids: string[], action: string) =>
    ids.length === 0
      ? []
      : app.server.database.db
          .selectFrom('auditLog')
          .select(['targetId', 'after'])
          .where('action', '=', action)
          .where('targetId', 'in', ids)
          .execute();

  test('the implant step makes eleven visits in its transaction, each audited; a refused one makes none', async () => {
    const delivered = await deliveredRequest(app);
    const { physicianA } = app.clients;
    const today = berlinDay();
    const refused = await step(physicianA, 'physician', delivered.id, 'implant', {
      date: shiftDate(today, 1),
      patient_Code: delivered.patient_Code,
      sec: await packageCode(app, delivered.lot),
    });
    await expectProblem(refused, 400);
    expect(await rowsOf(delivered.lot)).toEqual([]);

    const implanted = await step(physicianA, 'physician', delivered.id, 'implant', {
      date: today,
      patient_Code: delivered.patient_Code,
      sec: await packageCode(app, delivered.lot),
    });
    expect(implanted.status).toBe(200);
    const listed = await followUpsOf(physicianA, { lot: delivered.lot });
    expect(listed.map(({ visit, dueOn }) => ({ visit, dueOn }))).toEqual(followUpSchedule(today));
    for (const followUp of listed) {
      expect(followUp).toMatchObject({
        lot: delivered.lot,
        kind: 'scheduled',
        state: 'upcoming',
        implantedOn: today,
        patient_Code: delivered.patient_Code,
        record: null,
        recordedBy: null,
      });
    }
    const rows = await rowsOf(delivered.lot);
    expect(rows).toHaveLength(11);
    expect(new Set(rows.map((row) => row.requestId))).toEqual(new Set([delivered.id]));
    expect(new Set(rows.map((row) => row.clinicId))).toEqual(new Set([app.ids.clinicA]));
    expect(new Set(rows.map((row) => row.euteId))).toEqual(new Set([app.ids.euteX]));
    const audits = await auditsOf(
      rows.map((row) => row.id),
      'followup.schedule',
    );
    expect(audits).toHaveLength(11);
    expect(JSON.parse(audits[0]!.after ?? '{}')).toMatchObject({ lot: delivered.lot, implantedOn: today });
  }, 60_000);

  test('two servers record the implantation at the same moment: one is taken, the schedule made once', async () => {
    const delivered = await deliveredRequest(app);
    // A second server on the same database, physician A's token on it (bearer only, no cookies).
    const database = createDatabase(app.server.target);
    const other = await buildApp({ config: app.server.config, database, webRoot: null, now: clock.now });
    others.push(other);
    databases.push(database);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    const onOther = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    onOther.accessToken = app.clients.physicianA.accessToken;
    const body = {
      date: berlinDay(),
      patient_Code: delivered.patient_Code,
      sec: await packageCode(app, delivered.lot),
    };
    const answers = await Promise.all(
      [app.clients.physicianA, onOther].map((client) => step(client, 'physician', delivered.id, 'implant', body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await expectProblem(
      answers.find((answer) => answer.status === 409)!,
      409,
    );
    const rows = await rowsOf(delivered.lot);
    expect(rows.map((row) => row.visit)).toEqual(followUpSchedule(berlinDay()).map((visit) => visit.visit));
    expect(
      await auditsOf(
        rows.map((row) => row.id),
        'followup.schedule',
      ),
    ).toHaveLength(11);
  }, 60_000);

  test('two transactions on two connections make one schedule at once: the unique index decides', async () => {
    const lot = await freeGraftOfX(app);
    const db = app.server.database.db;
    const graft = await db.selectFrom('grafts').select('id').where('eLot', '=', lot).executeTakeFirstOrThrow();
    const implantation = {
      graftId: graft.id,
      lot,
      requestId: null,
      euteId: app.ids.euteX,
      clinicId: app.ids.clinicA,
      patientCode: 'S-07-2019',
      implantedOn: '2026-02-28',
    };
    const by = { actorUserId: null, ip: null, now: clock.now() };
    const database = createDatabase(app.server.target);
    databases.push(database);
    const made = await Promise.all(
      [db, database.db].map((executor) =>
        executor.transaction().execute((trx) => scheduleFollowUps(trx, implantation, by)),
      ),
    );
    expect(made.sort((a, b) => a - b)).toEqual([0, 11]);
    expect(await db.transaction().execute((trx) => scheduleFollowUps(trx, implantation, by))).toBe(0);
    const rows = await rowsOf(lot);
    expect(rows.map((row) => row.dueOn)).toEqual(followUpSchedule('2026-02-28').map((visit) => visit.dueOn));
    expect(
      await auditsOf(
        rows.map((row) => row.id),
        'followup.schedule',
      ),
    ).toHaveLength(11);
  }, 60_000);

  test('a corrected implantation day moves the open visits; a corrected patient code reaches every follow-up', async () => {
    const delivered = berlinDay();
    const implanted = await implantedRequest(app, delivered);
    const before = await rowsOf(implanted.lot);
    expect(before[0]?.dueOn).toBe(shiftDate(delivered, 30));
    // Two days on, the physician corrects the day to the day after the delivery, then the patient code.
    clock.advanceDays(2);
    const physicianA = await loginAs(app.server, DEMO.physicianA);
    app.clients.physicianA = physicianA;
    const correct = (field: string, value: string) =>
      physicianA.post(`/api/requests/${implanted.id}/corrections`, { field, value, reason: 'Typo' });
    const corrected = shiftDate(delivered, 1);
    expect((await correct('implantedOn', corrected)).status).toBe(200);
    expect((await correct('patient_Code', 'Q-02-2020')).status).toBe(200);

    const after = await followUpsOf(physicianA, { lot: implanted.lot });
    expect(after.map(({ visit, dueOn }) => ({ visit, dueOn }))).toEqual(followUpSchedule(corrected));
    expect(new Set(after.map((followUp) => followUp.implantedOn))).toEqual(new Set([corrected]));
    expect(new Set(after.map((followUp) => followUp.patient_Code))).toEqual(new Set(['Q-02-2020']));
    const changes = await auditsOf(
      before.map((row) => row.id),
      'followup.implantationChange',
    );
    expect(changes).toHaveLength(22);
    expect(changes.map((change) => JSON.parse(change.after ?? '{}') as object)).toContainEqual({
      implantedOn: corrected,
      dueOn: shiftDate(corrected, 30),
    });
  }, 60_000);
});
