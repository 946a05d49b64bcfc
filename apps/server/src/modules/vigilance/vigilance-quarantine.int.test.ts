import { randomInt, randomUUID } from 'node:crypto';
import { shiftDate, type ReleaseOrphanedQuarantinesResponse, type VigilanceReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectProblem, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';

// Quarantine decided on the locked report (docs/decisions.md "Quarantine"): a donation of four
// grafts of bank X, one assigned to clinic A and three Free. Five quarantines of its report at
// once answer one 200 and four 409, with one audit row and one notification and one mail per
// physician of clinic A; each quarantined graft records the report, so its lift releases them even
// when the report's list of lots is lost; a graft no report holds (left by the old race) is
// released by an admin, audited. Reporting on a lot the caller may not see answers the text of a
// lot that does not exist.

describe(`vigilance: quarantine and lift decided once (${testEngineName()})`, () => {
  let app: SeededApp;
  const lots = { held: '', free: [] as string[] };
  let report: VigilanceReport;

  /** A graft of a donation of bank X: the SEC's first 21 characters name the donation. */
  const donationSec = (donation: string, split: number) =>
    `DE000123 ${donation} E0042105 ${String(split).padStart(3, '0')} ${shiftDate(today(), 365).replaceAll('-', '')}`;

  beforeAll(async () => {
    app = await startSeededApp();
    const db = app.server.database.db;
    const donation = `2026${String(randomInt(0, 999_999_999)).padStart(9, '0')}`;
    const rows = [0, 1, 2, 3].map((split) =>
      graftRow(app.ids.euteX, {
        eLot: `VQ-${randomUUID().slice(0, 8)}`,
        xSec: donationSec(donation, split + 1),
        // One insert of several rows needs the same columns in each.
        ...(split === 0
          ? { clinicId: app.ids.clinicA, cName: 'Clinic A', assignmentStatus: 1, listStatus: 1 }
          : { clinicId: null, cName: null, assignmentStatus: 0, listStatus: 0 }),
      }),
    );
    await db.insertInto('grafts').values(rows).execute();
    lots.held = rows[0]!.eLot;
    lots.free = rows.slice(1).map((row) => row.eLot);
    const created = await app.clients.employeeX.post('/api/vigilance/reports', { kind: 'SAE', lot: lots.free[0] });
    expect(created.status, await created.clone().text()).toBe(201);
    report = (await created.json()) as VigilanceReport;
  }, 120_000);

  afterAll(async () => {
    await app?.server.close();
  });

  const quarantinedLots = async () =>
    (
      await app.server.database.db
        .selectFrom('grafts')
        .select('eLot')
        .where('eLot', 'in', [lots.held, ...lots.free])
        .where('quarantined', '=', 1)
        .orderBy('eLot')
        .execute()
    ).map((row) => row.eLot);
  const auditActions = async () =>
    (
      await app.server.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('targetId', '=', report.id)
        .orderBy('seq')
        .execute()
    ).map((row) => row.action);

  test('five quarantines at once: one 200, four 409, one audit row, one notification and one mail per physician', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/quarantine`, {})),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      await expectProblem(answer, 409);
    }
    expect(await quarantinedLots()).toEqual([...lots.free].sort());
    expect(await auditActions()).toEqual(['vigilance.create', 'vigilance.quarantine']);

    const db = app.server.database.db;
    const physicians = await db
      .selectFrom('clinicMembers')
      .innerJoin('users', 'users.id', 'clinicMembers.userId')
      .select(['users.id', 'users.email'])
      .where('clinicMembers.clinicId', '=', app.ids.clinicA)
      .where('users.active', '=', 1)
      .execute();
    expect(physicians.length).toBeGreaterThan(0);
    const notes = await db
      .selectFrom('notifications')
      .select('userId')
      .where('kind', '=', 'vigilance')
      .where('payload', 'like', `%${report.id}%`)
      .execute();
    expect(notes.map((note) => note.userId).sort()).toEqual(physicians.map((physician) => physician.id).sort());
    const mails = await db
      .selectFrom('mailOutbox')
      .select('recipient')
      .where('subject', 'like', `%${report.sae!.notification.reportIdentification}%`)
      .execute();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(physicians.map((physician) => physician.email).sort());
  });

  test('each graft records the report, so the lift releases them all though the report’s list was lost', async () => {
    const db = app.server.database.db;
    const recorded = await db
      .selectFrom('grafts')
      .select(['eLot', 'quarantineReportId'])
      .where('quarantined', '=', 1)
      .where('eLot', 'in', lots.free)
      .execute();
    expect(recorded.map((row) => row.quarantineReportId)).toEqual(lots.free.map(() => report.id));
    await db.updateTable('vigilanceReports').set({ quarantineLots: '[]' }).where('id', '=', report.id).execute();

    const lifts = await Promise.all(
      Array.from({ length: 2 }, () =>
        app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/lift-quarantine`, { reason: 'Donor cleared.' }),
      ),
    );
    expect(lifts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await quarantinedLots()).toEqual([]);
    const released = await db
      .selectFrom('grafts')
      .select('quarantineReportId')
      .where('eLot', 'in', lots.free)
      .execute();
    expect(released.every((row) => row.quarantineReportId === null)).toBe(true);
    expect(await auditActions()).toEqual(['vigilance.create', 'vigilance.quarantine', 'vigilance.lift']);
  });

  test('a graft left quarantined with no report is released by an admin with a reason, audited; nobody else may', async () => {
    const db = app.server.database.db;
    const stuck = lots.free[1]!;
    // What the old race left: quarantined, and no report holds it.
    await db
      .updateTable('grafts')
      .set({ quarantined: 1, quarantineReportId: null })
      .where('eLot', '=', stuck)
      .execute();
    const body = {
      reason: 'Left in quarantine by two quarantines at once (docs/operations.md, Grafts left in quarantine).',
    };
    for (const client of [app.clients.employeeX, app.clients.auditor, app.clients.physicianA]) {
      await expectProblem(await client.post('/api/vigilance/quarantine/release-orphaned', body), 403);
    }
    await expectProblem(await app.clients.admin.post('/api/vigilance/quarantine/release-orphaned', {}), 400);
    expect(await quarantinedLots()).toEqual([stuck]);

    const answer = await app.clients.admin.post('/api/vigilance/quarantine/release-orphaned', body);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { released } = (await answer.json()) as ReleaseOrphanedQuarantinesResponse;
    expect(released).toContain(stuck);
    expect(await quarantinedLots()).toEqual([]);
    const audit = await db
      .selectFrom('auditLog')
      .innerJoin('grafts', 'grafts.id', 'auditLog.targetId')
      .select(['auditLog.action', 'auditLog.actorUserId', 'auditLog.after'])
      .where('grafts.eLot', '=', stuck)
      .where('auditLog.action', '=', 'vigilance.releaseOrphaned')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: app.ids.users.admin, after: expect.stringContaining(body.reason) });
    // Nothing is left to release: a second call releases nothing.
    const again = await app.clients.admin.post('/api/vigilance/quarantine/release-orphaned', body);
    expect(((await again.json()) as ReleaseOrphanedQuarantinesResponse).released).toEqual([]);
  });

  test('reporting on another bank’s or clinic’s lot answers the words of a lot that does not exist', async () => {
    const unknown = `NO-${randomUUID().slice(0, 8)}`;
    const worded = async (response: Response, lot: string) =>
      (await expectProblem(response, 404)).detail?.replace(lot, '{lot}');
    const none = await worded(
      await app.clients.employeeY.post('/api/vigilance/reports', { kind: 'SAE', lot: unknown }),
      unknown,
    );
    expect(none).toBeTruthy();
    // Bank Y on bank X's graft; clinic B on clinic A's; clinic A on its graft not implanted yet.
    expect(
      await worded(
        await app.clients.employeeY.post('/api/vigilance/reports', { kind: 'SAE', lot: lots.held }),
        lots.held,
      ),
    ).toBe(none);
    for (const client of [app.clients.physicianB, app.clients.physicianA]) {
      expect(
        await worded(await client.post('/api/vigilance/reports', { kind: 'SAR', lot: lots.held }), lots.held),
      ).toBe(none);
    }
    expect(
      await worded(await app.clients.physicianB.post('/api/vigilance/reports', { kind: 'SAR', lot: unknown }), unknown),
    ).toBe(none);
  });
});
