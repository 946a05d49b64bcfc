import { randomUUID } from 'node:crypto';
import {
  FileKind,
  shiftDate,
  utcDate,
  type GraftHistory,
  type GraftRequest,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectProblem, graftRow, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import type { TestClient } from '../../../test/support/client';
import { testClock, thisMorning } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { pdfText } from '../../../test/support/pdf';
import {
  DELIVERY,
  entryFor,
  freeGraftOfX,
  packageCode,
  requestGraft,
  step,
  stepOk,
  uniquePatientCode,
} from '../../../test/support/requests';
import type { Mailer } from '../../mail/mailer';
import { expiryReminders } from '../reminders/reminders.service';

// One implantation per patient (docs/decisions.md, "One implantation per patient"). A child's
// entry was implanted, yet stayed open with "2 fitting grafts": in New matches, the bank's demand and
// ranked candidates, so a second bank reserved, assigned and delivered a second valve for the same
// child. Now the implantation closes the entry in its own transaction, every list drops it, and a
// new request, entry or reservation for that patient within 90 days needs an acknowledgement with a
// reason, which the audit keeps. The delivery records how the graft travelled, and the traceability
// report says so.

/** Every item of a paged list, page by page. */
async function everyItem<T>(client: TestClient, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 500) {
    const answer = await client.get(`${path}?limit=500&offset=${offset}`);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as T[];
    items.push(...page);
    if (page.length < 500) {
      return items;
    }
  }
}

describe(`one implantation per patient, and a delivery with its facts (${testEngineName()})`, () => {
  const clock = testClock(thisMorning());
  let app: SeededApp;
  const today = () => utcDate(clock.now());
  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  /** Physician A's request for `lot` for the entry, reserved, confirmed, assigned and delivered. */
  async function delivered(lot: string, entry: string): Promise<GraftRequest> {
    const { physicianA, employeeX } = app.clients;
    const request = await requestGraft(physicianA, { lot, waitinglistid: entry });
    await stepOk(employeeX, 'euteemployee', request.id, 'reserve');
    await stepOk(physicianA, 'physician', request.id, 'confirm');
    await stepOk(employeeX, 'euteemployee', request.id, 'assign');
    return stepOk(employeeX, 'euteemployee', request.id, 'deliver', DELIVERY);
  }

  /**
   * The bank's expiry reminder for a new graft of X fitting the entry, expiring in `days` (a
   * threshold: 30 or 7): whether it names the patient among the entries the graft fits.
   */
  async function expiryReminderNames(patientCode: string, days: number): Promise<boolean> {
    const lot = `EXP-${randomUUID().slice(0, 8)}`;
    const expiry = shiftDate(today(), days);
    await app.server.database.db
      .insertInto('grafts')
      .values(graftRow(app.ids.euteX, { eLot: lot, tDproximal: 20.5, expiryOut: expiry, expiryDate: expiry }))
      .execute();
    const mails: string[] = [];
    const mailer: Mailer = {
      enqueue: async (_executor, mail) => {
        mails.push(JSON.stringify(mail));
        return 'queued';
      },
      wake: () => {},
    };
    const db = app.server.database.db;
    await expiryReminders({ db, now: clock.now, mailer, push: { publish: () => {} }, publicUrl: 'http://x' });
    const line = mails.join('\n').match(new RegExp(`Graft ${lot} expires[^.]*`))?.[0] ?? '';
    expect(line).not.toBe('');
    return line.includes(patientCode);
  }

  /** Where the entry shows: each list that showed the implanted child's entry in the report. */
  async function whereShown(entry: string, patientCode: string, spareLot: string, reminderDays: number) {
    const { physicianA, employeeX } = app.clients;
    const own = await everyItem<WaitingListEntry>(physicianA, '/api/physician/waitinglist');
    const demand = await everyItem<WaitingListEntry>(employeeX, '/api/euteemployee/waitinglist');
    const inbox = (await (await employeeX.get('/api/euteemployee/requests')).json()) as {
      lot: string;
      candidates: { waitinglistid: string | null }[];
    }[];
    const home = (await (await physicianA.get('/api/physician/dashboard')).json()) as {
      matches: { items: { id: string }[] };
      atRisk: { items: { id: string }[] };
    };
    const pdf = await employeeX.get('/api/euteemployee/waitinglist/download');
    expect(pdf.status).toBe(200);
    const pdfLines = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).split('\n');
    return {
      ownList: own.some((item) => item.waitinglistid === entry),
      demand: demand.some((item) => item.waitinglistid === entry),
      candidates:
        inbox.find((graft) => graft.lot === spareLot)?.candidates.some((c) => c.waitinglistid === entry) ?? false,
      homeMatches: [...home.matches.items, ...home.atRisk.items].some((item) => item.id === entry),
      reminders: await expiryReminderNames(patientCode, reminderDays),
      demandPdf: pdfLines.some((line) => line.includes(patientCode)),
    };
  }

  test('after the implantation the entry is closed, as implanted with its graft, and no list shows it', async () => {
    const { physicianA } = app.clients;
    const patientCode = uniquePatientCode();
    const entry = await entryFor(physicianA, patientCode, 0);
    const lot = await freeGraftOfX(app);
    const spareLot = await freeGraftOfX(app);
    const request = await delivered(lot, entry);

    // Before: the entry fits the spare graft too, and every list shows it.
    const everywhere = {
      ownList: true,
      demand: true,
      candidates: true,
      homeMatches: true,
      reminders: true,
      demandPdf: true,
    };
    expect(await whereShown(entry, patientCode, spareLot, 30)).toEqual(everywhere);

    const implanted = await stepOk(physicianA, 'physician', request.id, 'implant', {
      date: today(),
      patient_Code: patientCode,
      sec: await packageCode(app, lot),
    });
    expect(implanted).toMatchObject({ state: 'implanted', waitinglistid: entry, implantedOutsideWindow: false });

    const nowhere = Object.fromEntries(Object.keys(everywhere).map((list) => [list, false]));
    expect(await whereShown(entry, patientCode, spareLot, 7)).toEqual(nowhere);

    // The row stays, closed as implanted with the graft, its audit row beside the implantation's.
    const db = app.server.database.db;
    const row = await db
      .selectFrom('waitingListEntries')
      .innerJoin('grafts', 'grafts.id', 'waitingListEntries.implantedGraftId')
      .select(['waitingListEntries.closedAs', 'waitingListEntries.closedAt', 'grafts.eLot'])
      .where('waitingListEntries.id', '=', entry)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ closedAs: 'implanted', eLot: lot, closedAt: expect.any(String) });
    const audit = await db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('targetId', '=', entry)
      .orderBy('seq')
      .execute();
    expect(audit.map((item) => item.action)).toEqual(['waitinglist.add', 'waitinglist.implanted']);

    // The request keeps its window, and the implanted entry can no longer be requested for.
    expect(implanted).toMatchObject({ query_i_min: today() });
    await expectProblem(await physicianA.post('/api/physician/requests', { lot: spareLot, waitinglistid: entry }), 404);
  }, 120_000);

  test('a second request, entry or reservation for that patient is refused without an acknowledgement, accepted with one and audited', async () => {
    const { physicianA, employeeX } = app.clients;
    const patientCode = uniquePatientCode();
    const entry = await entryFor(physicianA, patientCode, 0);
    const lot = await freeGraftOfX(app);
    const first = await delivered(lot, entry);
    await stepOk(physicianA, 'physician', first.id, 'implant', {
      date: today(),
      patient_Code: patientCode,
      sec: await packageCode(app, lot),
    });

    // A new request for the same child: 409 naming the implantation, nothing created.
    const next = await freeGraftOfX(app);
    const refused = await physicianA.post('/api/physician/requests', { lot: next, patient_Code: patientCode });
    expect(refused.status).toBe(409);
    const problem = (await refused.json()) as { detail: string; priorImplantation: unknown };
    expect(problem.detail).toContain(`received ${lot}`);
    expect(problem.detail).toContain(today());
    expect(problem.priorImplantation).toEqual({
      lot,
      implantedOn: today(),
      patient_Code: patientCode,
      graftType: 5,
    });
    const mine = (await (await physicianA.get('/api/physician/requests')).json()) as GraftRequest[];
    expect(mine.filter((request) => request.lot === next)).toEqual([]);

    // A new entry of the same type too; another graft type is another matter.
    const entryBody = {
      query_type: 5,
      query_d_min: 20,
      query_d_max: 21,
      query_l_min: 35,
      query_l_l_min: 0,
      query_l_r_min: 0,
      patient_Code: patientCode,
      query_i_min: today(),
      query_i_Max: shiftDate(today(), 30),
    };
    await expectProblem(await physicianA.post('/api/physician/waitinglist', entryBody), 409);
    expect((await physicianA.post('/api/physician/waitinglist', { ...entryBody, query_type: 6 })).status).toBe(201);
    const reason = 'Valve failed after endocarditis; re-operation planned by the heart team.';
    const acknowledgedEntry = await physicianA.post('/api/physician/waitinglist', {
      ...entryBody,
      priorImplantationReason: reason,
    });
    expect(acknowledgedEntry.status).toBe(201);

    // With the acknowledgement the request goes through; the bank's reservation asks again.
    const request = await requestGraft(physicianA, {
      lot: next,
      patient_Code: patientCode,
      priorImplantationReason: reason,
    });
    await expectProblem(await step(employeeX, 'euteemployee', request.id, 'reserve', { hours: 12 }), 409);
    const bankReason = 'Discussed with the clinic by phone.';
    await stepOk(employeeX, 'euteemployee', request.id, 'reserve', { hours: 12, priorImplantationReason: bankReason });

    // Each acknowledgement is in the audit: who, which implantation, and why.
    const audited = await app.server.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('action', 'in', ['request.create', 'request.reserve', 'waitinglist.add'])
      .where('after', 'like', `%${patientCode}%`)
      .orderBy('seq')
      .execute();
    const acknowledgements = audited
      .map((row) => ({
        action: row.action,
        prior: (JSON.parse(row.after ?? '{}') as Record<string, unknown>)['priorImplantation'],
      }))
      .filter((row) => row.prior !== undefined);
    expect(acknowledgements).toEqual([
      { action: 'waitinglist.add', prior: { lot, implantedOn: today(), reason } },
      { action: 'request.create', prior: { lot, implantedOn: today(), reason } },
      { action: 'request.reserve', prior: { lot, implantedOn: today(), reason: bankReason } },
    ]);
  }, 120_000);

  test('the delivery records date, carrier, reference and note: in the traceability report, the history and the request', async () => {
    const { physicianA, employeeX } = app.clients;
    const patientCode = uniquePatientCode();
    // The window opens in 30 days: implanting today is outside it, recorded rather than refused.
    const entry = await entryFor(physicianA, patientCode, 30);
    const lot = await freeGraftOfX(app);
    const request = await requestGraft(physicianA, { lot, waitinglistid: entry });
    await stepOk(employeeX, 'euteemployee', request.id, 'reserve');
    await stepOk(physicianA, 'physician', request.id, 'confirm');
    await stepOk(employeeX, 'euteemployee', request.id, 'assign');

    // Without a carrier and a reference, or dated in the future, nothing is delivered.
    await expectProblem(await step(employeeX, 'euteemployee', request.id, 'deliver', {}), 400);
    const future = await expectProblem(
      await step(employeeX, 'euteemployee', request.id, 'deliver', { ...DELIVERY, date: shiftDate(today(), 1) }),
      400,
    );
    expect(future.errors?.map((error) => error.field)).toEqual(['date']);
    const facts = { date: today(), carrier: 'TransMed Kurier', reference: 'TM-7781-2026', note: 'Shipped on dry ice' };
    const sent = await stepOk(employeeX, 'euteemployee', request.id, 'deliver', facts);
    expect(sent).toMatchObject({
      state: 'delivered',
      deliveredOn: today(),
      deliveryCarrier: facts.carrier,
      deliveryReference: facts.reference,
      deliveryNote: facts.note,
    });
    // The physician's receipt view reads what was sent.
    const theirs = (await (await physicianA.get('/api/physician/requests')).json()) as GraftRequest[];
    expect(theirs.find((item) => item.id === request.id)).toMatchObject({
      deliveryCarrier: facts.carrier,
      deliveryReference: facts.reference,
    });

    const implanted = await stepOk(physicianA, 'physician', request.id, 'implant', {
      date: today(),
      patient_Code: patientCode,
      sec: await packageCode(app, lot),
    });
    expect(implanted.implantedOutsideWindow).toBe(true);

    // The traceability report says how the graft travelled and that it was implanted outside the window.
    const graft = (await (await physicianA.get('/api/physician/archivgrafts')).json()) as {
      e_Lot: string;
      traceabilityReport: { outValue: string };
    }[];
    const report = graft.find((item) => item.e_Lot === lot)?.traceabilityReport.outValue ?? '';
    expect(report).toMatch(/^Traceability_report_/);
    const pdf = await physicianA.get(`/api/file/getfile/${FileKind.TraceabilityReports}/${encodeURIComponent(report)}`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toMatch(new RegExp(`Carrier\\s+${facts.carrier}`));
    expect(text).toMatch(new RegExp(`Shipment reference\\s+${facts.reference}`));
    expect(text).toMatch(new RegExp(`Delivered on\\s+${today()}`));
    expect(text).toMatch(/Outside the implant window\s+yes/);

    // The graft's history lists the delivery's facts and the implantation outside the window.
    const history = (await (await employeeX.get(`/api/grafts/history/${lot}`)).json()) as GraftHistory;
    const changes = (action: string) =>
      Object.fromEntries(
        history.find((event) => event.action === action)?.changes.map((c) => [c.field, c.newValue]) ?? [],
      );
    expect(changes('request.deliver')).toMatchObject({
      deliveredOn: today(),
      deliveryCarrier: facts.carrier,
      deliveryReference: facts.reference,
      deliveryNote: facts.note,
    });
    expect(changes('request.implant')).toMatchObject({ implantedOutsideWindow: 'true' });
  }, 120_000);
});
