import {
  DEFAULT_RESERVATION_HOURS,
  DEFAULT_TIME_ZONE,
  localDay,
  shiftDate,
  type GraftRequest,
  type RequestInbox,
} from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs, readOutbox } from '../../../test/support/auth';
import { DEMO, expectProblem, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { connectPush, type PushClient } from '../../../test/support/push';
import {
  DELIVERY,
  entryFor,
  freeGraftOfX,
  packageCode,
  requestGraft,
  step,
  stepOk,
} from '../../../test/support/requests';

// Graft requests (docs/api.md, "Graft requests"): from request to implantation. Two physicians compete for one graft of bank X; a
// reservation lapses by itself and frees the graft; the other is assigned, delivered and
// implanted, each step audited, filed and pushed to both sides.

interface GraftAnswer {
  e_Lot: string;
  i_Min: string | null;
  i_Max: string | null;
  assignment: { status: number };
  delivery: { status: number };
  implantation: { status: number; outValue: string | null };
  traceabilityReport: { status: number };
  allocationNotificationFiles: { name: string }[];
  deliveryNoteFiles: { name: string }[];
  traceabilityReportFiles: { name: string }[];
}

describe(`graft requests from request to implantation (${testEngineName()})`, () => {
  const clock = testClock();
  let app: SeededApp;
  let pushA: PushClient;
  let pushX: PushClient;
  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now, requestLapseIntervalMs: 100 } });
    pushA = await connectPush(app.clients.physicianA);
    pushX = await connectPush(app.clients.employeeX);
  }, 120_000);
  afterAll(async () => {
    await pushA?.connection.stop();
    await pushX?.connection.stop();
    await app?.server.close();
  });

  /** Access tokens live 15 minutes on the app's clock; after moving it, everyone logs in again. */
  const loginAgain = async () => {
    for (const role of ['physicianA', 'physicianB', 'employeeX', 'employeeY', 'admin', 'auditor'] as const) {
      app.clients[role] = await loginAs(app.server, DEMO[role]);
    }
  };
  const lotsOf = async (path: string, client = app.clients.physicianA) =>
    ((await (await client.get(path)).json()) as GraftAnswer[]).map((graft) => graft.e_Lot);
  const refused = async (answer: Response) => (await expectProblem(answer, 409)).detail;

  test('two physicians compete, a reservation lapses, the other is assigned, delivered and implanted', async () => {
    let { physicianA, physicianB, employeeX } = app.clients;
    const { employeeY } = app.clients;
    const lot = await freeGraftOfX(app);
    const entryA = await entryFor(physicianA, 'A-03-2021', 30);
    const windowA = [shiftDate(today(), 30), shiftDate(today(), 90)];
    const entryB = await entryFor(physicianB, 'B-04-2022', 1);
    const mailsBefore = (await readOutbox(app.server)).length;

    // First physician A requests the graft for her patient; bank X hears of it by push and by mail.
    const ofA = await requestGraft(physicianA, { lot, waitinglistid: entryA, note: 'Urgent Ross procedure' });
    expect(ofA).toMatchObject({
      lot,
      state: 'requested',
      deadline: null,
      waitinglistid: entryA,
      actions: ['withdraw'],
    });
    await pushX.next('requestChanged', (m) => m.args[0].id === ofA.id && m.args[0].state === 'requested');
    const mails = (await readOutbox(app.server)).slice(mailsBefore);
    expect(mails.some((mail) => mail.to.includes(DEMO.employeeX) && mail.subject.includes(lot))).toBe(true);
    expect(mails.some((mail) => mail.to.includes(DEMO.employeeY))).toBe(false);

    // Other physicians see the graft as requested, and may still ask for it.
    const requested = async () => (await (await physicianB.get('/api/physician/requests/lots')).json()) as string[];
    expect(await requested()).toContain(lot);

    // Physician B asks for the same graft: several requests may compete; asking twice is refused.
    const ofB = await requestGraft(physicianB, { lot, waitinglistid: entryB });
    expect(await refused(await physicianB.post('/api/physician/requests', { lot, patient_Code: 'B-04-2022' }))).toMatch(
      /already/,
    );
    // B's entry starts tomorrow, sooner than bank X's 2 days of lead time: both sides see the warning.
    expect(ofB.leadTimeWarning).toBe(true);
    expect(ofA.leadTimeWarning).toBe(false);

    // The inbox of bank X ranks both with a reason per row; bank Y sees nothing of it.
    const inbox = (await (await employeeX.get('/api/euteemployee/requests')).json()) as RequestInbox;
    const graft = inbox.find((item) => item.lot === lot);
    expect(graft?.requests.map((r) => r.id).sort()).toEqual([ofA.id, ofB.id].sort());
    expect(graft?.candidates[0]).toMatchObject({ requestId: ofB.id, waitinglistid: entryB, leadTimeWarning: true });
    expect(graft?.candidates[0]?.reason).toMatch(/implant window opens in 1 day; .*requested in the app/);
    expect(graft?.candidates[0]!.score).toBeGreaterThan(graft?.candidates[1]?.score ?? 0);
    const inboxY = (await (await employeeY.get('/api/euteemployee/requests')).json()) as RequestInbox;
    expect(inboxY.some((item) => item.lot === lot)).toBe(false);

    // Out of order is refused with 409 problem+json; another tenant's request does not exist for them.
    expect(await refused(await step(employeeX, 'euteemployee', ofA.id, 'assign'))).toMatch(
      /possible now: reserve, decline/,
    );
    await refused(await step(physicianA, 'physician', ofA.id, 'confirm'));
    await refused(
      await step(physicianA, 'physician', ofA.id, 'implant', {
        date: '2026-01-01',
        patient_Code: 'A-03-2021',
        sec: await packageCode(app, lot),
      }),
    );
    await expectProblem(await step(employeeY, 'euteemployee', ofA.id, 'reserve'), 404);
    await expectProblem(await step(physicianB, 'physician', ofA.id, 'withdraw'), 404);
    await expectProblem(await step(physicianA, 'euteemployee', ofA.id, 'reserve'), 403);
    await expectProblem(await step(app.clients.auditor, 'physician', ofA.id, 'withdraw'), 403);

    // Bank X reserves the graft for B for two hours; a second reservation of the same graft is refused.
    const reservedB = await stepOk(employeeX, 'euteemployee', ofB.id, 'reserve', { hours: 2 });
    expect(reservedB.deadline).toBe(new Date(clock.now().getTime() + 2 * 3_600_000).toISOString());
    expect(await refused(await step(employeeX, 'euteemployee', ofA.id, 'reserve'))).toMatch(/reserved for another/);

    // B does not answer. Three hours later the reservation has lapsed by itself, and A, whose entry
    // the graft fits, is told it is free again.
    clock.advanceMinutes(180);
    await pushX.next('requestChanged', (m) => m.args[0].id === ofB.id && m.args[0].state === 'lapsed');
    await pushA.next('matchFound', (m) => m.args[0].lots.includes(lot));
    await loginAgain();
    ({ physicianA, physicianB, employeeX } = app.clients);
    expect(await refused(await step(physicianB, 'physician', ofB.id, 'confirm'))).toMatch(
      /possible now: withdraw|no step/,
    );

    // B asks once more; X reserves for A (24 h by default), A confirms, X assigns: B's new request is declined.
    const againB = await requestGraft(physicianB, { lot, patient_Code: 'B-04-2022' });
    const reservedA = await stepOk(employeeX, 'euteemployee', ofA.id, 'reserve');
    expect(reservedA.deadline).toBe(new Date(clock.now().getTime() + 24 * 3_600_000).toISOString());
    await pushA.next('requestChanged', (m) => m.args[0].id === ofA.id && m.args[0].state === 'reserved');
    expect((await stepOk(physicianA, 'physician', ofA.id, 'confirm')).state).toBe('confirmed');
    await pushX.next('requestChanged', (m) => m.args[0].id === ofA.id && m.args[0].state === 'confirmed');
    expect((await stepOk(employeeX, 'euteemployee', ofA.id, 'assign')).state).toBe('assigned');
    const listB = (await (await physicianB.get('/api/physician/requests')).json()) as GraftRequest[];
    expect(listB.find((r) => r.id === againB.id)).toMatchObject({ state: 'declined', reason: expect.any(String) });

    // The graft is Current for clinic A with a generated allocation note; B no longer finds it.
    expect(await requested()).not.toContain(lot);
    expect(await lotsOf('/api/physician/currentgrafts')).toContain(lot);
    await expectProblem(await physicianB.get(`/api/physician/graftsearch/${lot}`), 404);
    const current = (await (await physicianA.get(`/api/physician/graftsearch/${lot}`)).json()) as GraftAnswer;
    expect(current.assignment.status).toBe(1);
    // Its Assignment box shows the window of the entry it was requested for.
    expect([current.i_Min, current.i_Max]).toEqual(windowA);
    const note = current.allocationNotificationFiles[0]?.name ?? '';
    expect(note).toMatch(/^Allocation_note_.*\.pdf$/);
    const pdf = await physicianA.get(`/api/file/getfile/2/${encodeURIComponent(note)}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Delivery with its note, then A records the implantation: the loop closes, the graft is archived.
    await stepOk(employeeX, 'euteemployee', ofA.id, 'deliver', DELIVERY);
    const implanted = await stepOk(physicianA, 'physician', ofA.id, 'implant', {
      date: localDay(clock.now(), DEFAULT_TIME_ZONE),
      patient_Code: 'A-03-2021',
      sec: await packageCode(app, lot),
    });
    expect(implanted).toMatchObject({
      state: 'implanted',
      implantedOn: localDay(clock.now(), DEFAULT_TIME_ZONE),
      actions: [],
    });
    await pushX.next('requestChanged', (m) => m.args[0].id === ofA.id && m.args[0].state === 'implanted');
    expect(await lotsOf('/api/physician/currentgrafts')).not.toContain(lot);
    const archived = ((await (await physicianA.get('/api/physician/archivgrafts')).json()) as GraftAnswer[]).find(
      (item) => item.e_Lot === lot,
    );
    expect(archived).toMatchObject({
      delivery: { status: 1 },
      implantation: { status: 1 },
      traceabilityReport: { status: 1 },
    });
    expect(archived?.deliveryNoteFiles.map((f) => f.name)).toEqual([`Delivery_note_${lot}.pdf`]);
    expect(archived?.traceabilityReportFiles.map((f) => f.name)).toEqual([`Traceability_report_${lot}.pdf`]);
    await refused(await step(physicianA, 'physician', ofA.id, 'return', { reason: 'late' }));
    await refused(await step(employeeX, 'euteemployee', ofA.id, 'deliver', DELIVERY));

    // Every step left its audit row (the test clock stands still, so their times tie: compare as a set).
    const audited = await app.server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', ofA.id)
      .execute();
    expect(audited.map((row) => row.action).sort()).toEqual(
      [
        'request.create',
        'request.reserve',
        'request.confirm',
        'request.assign',
        'request.deliver',
        'request.implant',
      ].sort(),
    );
  }, 60_000);

  test('a physician may withdraw, and return a delivered graft with a reason; the graft is archived', async () => {
    const { physicianA, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const withdrawn = await requestGraft(physicianA, { lot, patient_Code: 'C-05-2023' });
    expect((await stepOk(physicianA, 'physician', withdrawn.id, 'withdraw')).state).toBe('withdrawn');
    const request = await requestGraft(physicianA, { lot, patient_Code: 'NN-00-0000' });
    await stepOk(employeeX, 'euteemployee', request.id, 'reserve', { hours: 1 });
    await stepOk(physicianA, 'physician', request.id, 'confirm');
    await stepOk(employeeX, 'euteemployee', request.id, 'assign');
    await stepOk(employeeX, 'euteemployee', request.id, 'deliver', DELIVERY);
    await expectProblem(await step(physicianA, 'physician', request.id, 'return', {}), 400);
    const returned = await stepOk(physicianA, 'physician', request.id, 'return', { reason: 'Patient not operated' });
    expect(returned).toMatchObject({ state: 'returned', reason: 'Patient not operated' });
    expect(await lotsOf('/api/physician/archivgrafts')).toContain(lot);
  });

  test('a step posted with no body and no content type is judged by the request’s state', async () => {
    const { physicianA, employeeX } = app.clients;
    const bare = (client: typeof physicianA, side: 'physician' | 'euteemployee', id: string, action: string) =>
      client.request('POST', `/api/${side}/requests/${id}/${action}`);
    const request = await requestGraft(physicianA, { lot: await freeGraftOfX(app), patient_Code: 'D-06-2024' });

    // Assigning a request nobody reserved is the wrong step now, whatever the body.
    expect(await refused(await bare(employeeX, 'euteemployee', request.id, 'assign'))).toMatch(/possible now: reserve/);
    const reserved = await bare(employeeX, 'euteemployee', request.id, 'reserve');
    expect(reserved.status).toBe(200);
    const { deadline } = (await reserved.json()) as GraftRequest;
    expect(Date.parse(deadline ?? '') - clock.now().getTime()).toBe(DEFAULT_RESERVATION_HOURS * 3_600_000);
    expect((await bare(physicianA, 'physician', request.id, 'confirm')).status).toBe(200);
    expect((await bare(employeeX, 'euteemployee', request.id, 'assign')).status).toBe(200);
    // A step that needs what it carries still says so: a delivery names its carrier and reference.
    await expectProblem(await bare(employeeX, 'euteemployee', request.id, 'deliver'), 400);
    const delivered = await step(employeeX, 'euteemployee', request.id, 'deliver', DELIVERY);
    expect(((await delivered.json()) as GraftRequest).state).toBe('delivered');
    await expectProblem(await bare(physicianA, 'physician', request.id, 'implant'), 400);
  });

  test('only physicians request, auditors read both lists, admins set a bank’s lead time', async () => {
    const { physicianB, employeeX, auditor, admin } = app.clients;
    const lot = await freeGraftOfX(app);
    for (const client of [employeeX, auditor, admin]) {
      await expectProblem(await client.post('/api/physician/requests', { lot }), 403);
    }
    await expectProblem(await physicianB.post('/api/physician/requests', { lot: 'NO-SUCH-LOT' }), 404);
    expect((await auditor.get('/api/physician/requests')).status).toBe(200);
    expect((await auditor.get('/api/euteemployee/requests')).status).toBe(200);
    await expectProblem(await employeeX.get('/api/physician/requests'), 403);
    await expectProblem(await physicianB.get('/api/euteemployee/requests'), 403);

    await expectProblem(await auditor.patch(`/api/admin/eutes/${app.ids.euteX}/leadtime`, { days: 5 }), 403);
    const set = await admin.patch(`/api/admin/eutes/${app.ids.euteX}/leadtime`, { days: 5 });
    expect(await set.json()).toEqual({ id: app.ids.euteX, leadTimeDays: 5 });
    const request = await requestGraft(physicianB, { lot, patient_Code: 'D-06-2024' });
    expect(request).toMatchObject({ leadTimeDays: 5 });
    await admin.patch(`/api/admin/eutes/${app.ids.euteX}/leadtime`, { days: 2 });
  });
});
