import { randomUUID } from 'node:crypto';
import {
  ANNEX_FIELDS,
  donationIdentification,
  type GraftRequest,
  type Lookback,
  type VigilanceReport,
  type VigilanceReportPage,
} from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestClinic, createTestUser, loginAs } from '../../../test/support/auth';
import {
  DEMO,
  expectProblem,
  graftRow,
  startSeededApp,
  type SeededApp,
  clinicalToday,
} from '../../../test/support/clinical';
import { implantedRequest } from '../../../test/support/clinical-records';
import type { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { pdfText } from '../../../test/support/pdf';
import { connectPush, type PushClient } from '../../../test/support/push';
import { entryFor, requestGraft, stepOk } from '../../../test/support/requests';

// Vigilance (docs/api.md "Vigilance"): three grafts of one donation, implanted at clinic A, Free,
// and reserved for clinic B. A SAR on the implanted one: the look-back lists all three; quarantine
// takes the Free and the reserved one out of search and matching at once, declines the reservation
// with the reason, and tells clinics A and B by push and mail; a physician of clinic C sees nothing.

describe(`vigilance: report, look-back, quarantine (${testEngineName()})`, () => {
  let app: SeededApp;
  let physicianC: TestClient;
  let emailC = '';
  const lots = { implanted: '', free: '', reserved: '' };
  let reservation: GraftRequest;
  let entryOfB = '';
  let report: VigilanceReport;
  const push: PushClient[] = [];

  beforeAll(async () => {
    app = await startSeededApp();
    const db = app.server.database.db;
    await db.updateTable('users').set({ language: 'en' }).execute();
    const implanted = await implantedRequest(app, clinicalToday(), 'A-03-2021');
    lots.implanted = implanted.lot;
    const { xSec } = await db
      .selectFrom('grafts')
      .select('xSec')
      .where('eLot', '=', lots.implanted)
      .executeTakeFirstOrThrow();
    // Two more grafts of the same donation: same establishment and donation number, other splits.
    const sibling = (split: string) => {
      const parts = (xSec ?? '').split(' ');
      parts[3] = split;
      return parts.join(' ');
    };
    for (const [key, split] of [
      ['free', '002'],
      ['reserved', '003'],
    ] as const) {
      lots[key] = `VG-${randomUUID().slice(0, 8)}`;
      const expiry = (xSec ?? '').slice(-8).replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
      await db
        .insertInto('grafts')
        .values(
          graftRow(app.ids.euteX, {
            eLot: lots[key],
            tDproximal: 20.5,
            expiryOut: expiry,
            expiryDate: expiry,
            xSec: sibling(split),
          }),
        )
        .execute();
    }
    reservation = await requestGraft(app.clients.physicianB, { lot: lots.reserved, patient_Code: 'B-04-2022' });
    await stepOk(app.clients.employeeX, 'euteemployee', reservation.id, 'reserve', { hours: 48 });
    entryOfB = await entryFor(app.clients.physicianB, 'B-05-2022', 30);

    const clinicC = await createTestClinic(app.server, { name: 'Clinic C' });
    emailC = (await createTestUser(app.server, { clinicIds: [clinicC], lastName: 'Clinic C' })).email;
    physicianC = await loginAs(app.server, emailC);
    for (const client of [app.clients.physicianA, app.clients.physicianB, physicianC, app.clients.employeeX]) {
      push.push(await connectPush(client));
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(push.map((client) => client.connection.stop()));
    await app?.server.close();
  });

  const searchLots = async (client: TestClient) => {
    const answer = await client.post('/api/physician/graftsearch', {
      query_type: 5,
      query_d_min: 20,
      query_d_max: 21,
      query_l_min: 35,
      query_l_l_min: 0,
      query_l_r_min: 0,
      limit: 500,
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { e_Lot: string }[]).map((graft) => graft.e_Lot);
  };
  const matchingOfB = async () => {
    const entries = (await (await app.clients.physicianB.get('/api/physician/waitinglist')).json()) as {
      waitinglistid: string;
      matchingGrafts: number;
    }[];
    return entries.find((entry) => entry.waitinglistid === entryOfB)?.matchingGrafts;
  };

  test('a physician of the implanting clinic reports a SAR; the draft holds what the graft knows', async () => {
    const answer = await app.clients.physicianA.post('/api/vigilance/reports', {
      kind: 'SAR',
      lot: lots.implanted,
      description: 'Fever and positive blood cultures after implantation.',
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    report = (await answer.json()) as VigilanceReport;
    expect(report).toMatchObject({ kind: 'SAR', state: 'draft', lot: lots.implanted, clinicName: expect.any(String) });
    const { xSec } = await app.server.database.db
      .selectFrom('grafts')
      .select('xSec')
      .where('eLot', '=', lots.implanted)
      .executeTakeFirstOrThrow();
    expect(report.sar?.notification).toMatchObject({
      tissueEstablishment: expect.any(String),
      euTeCode: 'DE000123',
      singleEuropeanCode: xSec,
      donationIdentification: donationIdentification(xSec),
      individualAffected: 'recipient',
      patientCode: 'A-03-2021',
      applicationPlace: report.clinicName,
      description: 'Fever and positive blood cultures after implantation.',
    });
    expect(Date.parse(report.notificationDeadline) - Date.parse(report.discoveredAt)).toBe(24 * 3_600_000);
    expect(Date.parse(report.confirmationDeadline) - Date.parse(report.discoveredAt)).toBe(90 * 86_400_000);
    // The bank sees it live.
    await push[3]!.next('vigilanceChanged', (message) => message.args[0].id === report.id);
  });

  test('bad input: an unknown lot, another clinic’s lot, a confirmation before the notification', async () => {
    await expectProblem(
      await app.clients.physicianA.post('/api/vigilance/reports', { kind: 'SAR', lot: 'NO-SUCH-LOT' }),
      404,
    );
    await expectProblem(
      await app.clients.physicianB.post('/api/vigilance/reports', { kind: 'SAR', lot: lots.implanted }),
      404,
    );
    await expectProblem(await app.clients.physicianA.post('/api/vigilance/reports', { kind: 'SAR' }), 400);
    await expectProblem(await app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/confirm`, {}), 409);
    await expectProblem(
      await app.clients.physicianA.post(`/api/vigilance/reports/${report.id}/submit-notification`, {}),
      400,
    );
    await expectProblem(
      await app.clients.physicianA.patch(`/api/vigilance/reports/${report.id}`, {
        saeNotification: { eventDate: '2026-01-01' },
      }),
      400,
    );
  });

  test('the look-back lists the three grafts of the donation and where each is', async () => {
    const answer = await app.clients.employeeX.get(`/api/vigilance/reports/${report.id}/lookback`);
    expect(answer.status).toBe(200);
    const lookback = (await answer.json()) as Lookback;
    const where = Object.fromEntries(lookback.grafts.map((graft) => [graft.lot, graft]));
    expect(Object.keys(where).sort()).toEqual(Object.values(lots).sort());
    expect(where[lots.implanted]).toMatchObject({
      whereabouts: 'implanted',
      reported: true,
      clinicName: report.clinicName,
    });
    expect(where[lots.free]).toMatchObject({ whereabouts: 'free', clinicName: null });
    expect(where[lots.reserved]).toMatchObject({ whereabouts: 'reserved', clinicName: reservation.c_Name });
    // The reporting physician reads it too, without the other clinic's name.
    const ofA = (await (
      await app.clients.physicianA.get(`/api/vigilance/reports/${report.id}/lookback`)
    ).json()) as Lookback;
    expect(ofA.grafts.find((graft) => graft.lot === lots.reserved)).toMatchObject({
      whereabouts: 'reserved',
      clinicName: null,
    });
  });

  test('quarantine takes the Free and the reserved graft out of every search and match, at once', async () => {
    const before = await searchLots(app.clients.physicianB);
    expect(before).toEqual(expect.arrayContaining([lots.free, lots.reserved]));
    const matchingBefore = await matchingOfB();

    await expectProblem(await app.clients.physicianA.post(`/api/vigilance/reports/${report.id}/quarantine`, {}), 403);
    await expectProblem(await app.clients.auditor.post(`/api/vigilance/reports/${report.id}/quarantine`, {}), 403);
    const answer = await app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/quarantine`, {});
    expect(answer.status, await answer.clone().text()).toBe(200);
    const quarantined = (await answer.json()) as VigilanceReport;
    expect(quarantined.quarantine?.lots.sort()).toEqual([lots.free, lots.reserved].sort());

    const after = await searchLots(app.clients.physicianB);
    expect(after).not.toContain(lots.free);
    expect(after).not.toContain(lots.reserved);
    expect(await matchingOfB()).toBe((matchingBefore ?? 0) - 2);
    await expectProblem(await physicianC.get(`/api/physician/graftsearch/${lots.free}`), 404);
    await expectProblem(await app.clients.physicianB.post('/api/physician/requests', { lot: lots.free }), 404);
    // The bank's stock still holds them.
    const stock = (await (
      await app.clients.employeeX.get('/api/euteemployee/currentdonations?type=5&dMin=20.4&dMax=20.6&limit=500')
    ).json()) as { e_Lot: string }[];
    expect(stock.map((graft) => graft.e_Lot)).toEqual(expect.arrayContaining([lots.free, lots.reserved]));

    // The reservation is declined with the reason.
    const requestsOfB = (await (await app.clients.physicianB.get('/api/physician/requests')).json()) as GraftRequest[];
    expect(requestsOfB.find((request) => request.id === reservation.id)).toMatchObject({
      state: 'declined',
      reason: expect.stringContaining(report.sar!.notification.reportIdentification),
    });

    // Clinics A (implanted) and B (reserved) hear of it by push and mail; clinic C nothing.
    for (const client of [push[0]!, push[1]!]) {
      const note = await client.next(
        'notification',
        (message) => message.args[0].kind === 'vigilance' && message.args[0].payload.state === 'quarantined',
      );
      expect(note.args[0].payload.lot).toBe(lots.implanted);
    }
    expect(push[2]!.received.filter((message) => message.event === 'notification')).toEqual([]);
    const mails = await app.server.database.db
      .selectFrom('mailOutbox')
      .select(['recipient', 'subject', 'textBody'])
      .where('subject', 'like', '%quarantined%')
      .execute();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      expect.arrayContaining([DEMO.physicianA, DEMO.physicianB]),
    );
    expect(mails.map((mail) => mail.recipient)).not.toContain(emailC);
    expect(mails.every((mail) => mail.subject.includes(lots.implanted) && mail.textBody.includes(lots.free))).toBe(
      true,
    );
    await expectProblem(await app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/quarantine`, {}), 409);
  });

  test('a physician of clinic C sees nothing of it', async () => {
    const list = (await (await physicianC.get('/api/vigilance/reports')).json()) as VigilanceReportPage;
    expect(list).toEqual({ items: [], total: 0 });
    await expectProblem(await physicianC.get(`/api/vigilance/reports/${report.id}`), 404);
    await expectProblem(await physicianC.get(`/api/vigilance/reports/${report.id}/lookback`), 404);
    await expectProblem(await physicianC.post(`/api/vigilance/reports/${report.id}/submit-notification`, {}), 404);
    const notes = await app.server.database.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.userId')
      .select('notifications.id')
      .where('users.email', '=', emailC)
      .execute();
    expect(notes).toEqual([]);
  });

  test('both parts are submitted in order and filed on the graft as PDFs holding every annex field', async () => {
    const { physicianA, employeeX } = app.clients;
    const patch = await physicianA.patch(`/api/vigilance/reports/${report.id}`, {
      sarNotification: {
        reactionDate: clinicalToday(),
        reactionType: 'Transmission of a bacterial infection',
        imputability: 'possible',
        severity: 'serious',
        mitigatingMeasures: 'Grafts of the donation quarantined.',
      },
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    const notified = await physicianA.post(`/api/vigilance/reports/${report.id}/submit-notification`, {});
    expect(notified.status, await notified.clone().text()).toBe(200);
    expect(((await notified.json()) as VigilanceReport).state).toBe('notified');
    await expectProblem(await physicianA.post(`/api/vigilance/reports/${report.id}/confirm`, {}), 403);
    await expectProblem(await employeeX.post(`/api/vigilance/reports/${report.id}/confirm`, {}), 400);
    expect(
      (
        await employeeX.patch(`/api/vigilance/reports/${report.id}`, {
          sarConfirmation: {
            confirmed: true,
            typeChanged: false,
            clinicalOutcome: 'minor-sequelae',
            investigationOutcome: 'Contamination during processing.',
            correctiveActions: 'Validated the rinse step again.',
          },
        })
      ).status,
    ).toBe(200);
    const confirmed = await employeeX.post(`/api/vigilance/reports/${report.id}/confirm`, {});
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(((await confirmed.json()) as VigilanceReport).state).toBe('confirmed');

    const files = await app.server.database.db
      .selectFrom('graftFiles')
      .innerJoin('grafts', 'grafts.id', 'graftFiles.graftId')
      .select('graftFiles.name')
      .where('grafts.eLot', '=', lots.implanted)
      .where('graftFiles.kind', '=', 'vigilanceReports')
      .execute();
    expect(files.map((file) => file.name).sort()).toEqual([
      expect.stringMatching(/_part_A\.pdf$/),
      expect.stringMatching(/_part_A_and_B\.pdf$/),
    ]);
    const both = files.find((file) => file.name.endsWith('_part_A_and_B.pdf'))!;
    const pdf = await employeeX.get(`/api/file/getfile/8/${encodeURIComponent(both.name)}`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const entry of ANNEX_FIELDS.filter((field) => ['III-A', 'III-B', 'Art44-3'].includes(field.part))) {
      expect(text, entry.item.en).toContain(entry.item.en.replace(/\s+/g, ' '));
    }
    expect(text).toContain('Transmission of a bacterial infection');
    expect(text).toContain('minor sequelae');

    // The notification the bank is liable for is a record: nobody deletes it (docs/decisions.md "Files").
    for (const client of [employeeX, app.clients.admin]) {
      const path = `/api/media/files/8/${encodeURIComponent(both.name)}?lot=${lots.implanted}`;
      expect((await expectProblem(await client.request('DELETE', path), 409)).detail).toContain('never deleted');
    }
    expect((await employeeX.get(`/api/file/getfile/8/${encodeURIComponent(both.name)}`)).status).toBe(200);
  });

  test('lifting the quarantine needs a reason and returns the grafts to search; all of it audited', async () => {
    await expectProblem(
      await app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/lift-quarantine`, { reason: '' }),
      400,
    );
    const lifted = await app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/lift-quarantine`, {
      reason: 'Donor tests negative on review.',
    });
    expect(lifted.status, await lifted.clone().text()).toBe(200);
    expect(await searchLots(app.clients.physicianB)).toEqual(expect.arrayContaining([lots.free, lots.reserved]));
    const actions = await app.server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', report.id)
      .orderBy('at')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'vigilance.create',
      'vigilance.quarantine',
      'vigilance.update',
      'vigilance.notify',
      'vigilance.update',
      'vigilance.confirm',
      'vigilance.lift',
    ]);
  });
});
