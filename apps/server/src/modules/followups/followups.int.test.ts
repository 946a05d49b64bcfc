import { DAY_MS, DEFAULT_TIME_ZONE, localDay, shiftDate, type FollowUp, type GraftRequest } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, ROLES, expectProblem, startSeededApp, type Role, type SeededApp } from '../../../test/support/clinical';
import { loginAs } from '../../../test/support/auth';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { followUpsOf, implantedThrough, visitOf, wellOn } from '../../../test/support/followups';
import { freeGraftOfX } from '../../../test/support/requests';

// Follow-ups after an implantation (docs/api.md "Follow-ups"). Dr. Berg of clinic A implants two
// valves of bank X, Dr. Kaya of clinic B one of bank Y, all on one day. The 30-day follow-up can be
// recorded from 14 days before it is due, once; a year on, the patient missed the visit and is marked
// lost, then comes back; an explant for endocarditis ends what remains of one schedule, a death at a
// visit the other's. Each clinic reads and records its own, each bank reads its grafts', the
// auditor reads all and changes nothing.

describe(`follow-ups: recording, lost to follow-up, unscheduled events, who sees what (${testEngineName()})`, () => {
  const clock = testClock();
  const today = () => localDay(clock.now(), DEFAULT_TIME_ZONE);
  let app: SeededApp;
  let implantedOn: string;
  /** Two implantations of clinic A with bank X's grafts, one of clinic B with bank Y's. */
  let first: GraftRequest;
  let second: GraftRequest;
  let ofB: GraftRequest;

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
    implantedOn = today();
    const a = { physician: 'physicianA', bank: 'employeeX', euteId: app.ids.euteX } as const;
    first = await implantedThrough(app, a, implantedOn);
    second = await implantedThrough(app, a, implantedOn);
    ofB = await implantedThrough(
      app,
      { physician: 'physicianB', bank: 'employeeY', euteId: app.ids.euteY },
      implantedOn,
    );
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  /** Moves the clock to `day` (Berlin) at the same hour; access tokens live 15 minutes on it, so all log in again. */
  async function moveTo(day: string) {
    clock.advanceDays((Date.parse(day) - Date.parse(today())) / DAY_MS);
    expect(today()).toBe(day);
    for (const role of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      app.clients[role] = await loginAs(app.server, DEMO[role]);
    }
  }
  const record = (role: Role, id: string, body: unknown, headers: Record<string, string> = {}) =>
    app.clients[role].put(`/api/physician/followups/${id}`, body, { headers });
  const lost = (role: Role, id: string, reason = 'Moved abroad; no contact since.') =>
    app.clients[role].post(`/api/physician/followups/${id}/lost`, { reason });
  const unscheduled = (role: Role, body: unknown) => app.clients[role].post('/api/physician/followups', body);
  /** Of a list, the follow-ups of this story's grafts (the demo data may hold others). */
  const ours = (items: FollowUp[]) => items.filter((item) => [first.lot, second.lot, ofB.lot].includes(item.lot));
  const auditActions = (id: string) =>
    app.server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetType', '=', 'followUp')
      .where('targetId', '=', id)
      .orderBy('seq')
      .execute()
      .then((rows) => rows.map((row) => row.action));

  test('the 30-day follow-up opens 14 days before it is due, is recorded once, in the clinic’s words', async () => {
    const day30 = await visitOf(app.clients.physicianA, first.lot, 'P30D');
    expect(day30).toMatchObject({
      state: 'upcoming',
      dueOn: shiftDate(implantedOn, 30),
      opensOn: shiftDate(implantedOn, 16),
      clinicName: expect.any(String),
      bankName: expect.any(String),
      t_ProdName_2: 5,
    });
    // Before its window: 409, naming the days.
    const early = await expectProblem(await record('physicianA', day30.id, wellOn(implantedOn)), 409);
    expect(early.detail).toBe(`This follow-up is due on ${day30.dueOn} and can be recorded from ${day30.opensOn}.`);

    await moveTo(day30.opensOn!);
    const due = ours(await followUpsOf(app.clients.physicianA, { state: 'due' }));
    expect(due.map((followUp) => followUp.lot).sort()).toEqual([first.lot, second.lot].sort());
    expect(
      (await followUpsOf(app.clients.physicianA, { state: 'upcoming', lot: first.lot })).map((f) => f.visit),
    ).toEqual(['P1Y', 'P2Y', 'P3Y', 'P4Y', 'P5Y', 'P6Y', 'P7Y', 'P8Y', 'P9Y', 'P10Y']);

    // The rules between the fields, worded for the reader: a future date, a death without day and cause.
    const wrong = { date: shiftDate(today(), 1), patientStatus: 'died', graftStatus: 'functioning' };
    const refused = await expectProblem(await record('physicianA', day30.id, wrong), 400);
    expect(refused.errors).toEqual([
      { field: 'date', message: `must not be in the future (today is ${today()})` },
      { field: 'deathDate', message: 'is required' },
      { field: 'deathCause', message: 'is required' },
    ]);
    const german = await expectProblem(await record('physicianA', day30.id, wrong, { 'accept-language': 'de' }), 400);
    expect(german.detail).toMatch(/^Ungültige Nachsorge: date darf nicht in der Zukunft liegen/);
    // And the schema's: a gradient out of bounds, a cause not on the list.
    await expectProblem(await record('physicianA', day30.id, { ...wellOn(today()), peakGradient: 250 }), 400);
    await expectProblem(await record('physicianA', day30.id, { ...wrong, deathCause: 'old age' }), 400);

    const answer = await record('physicianA', day30.id, { ...wellOn(today()), endocarditis: false });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const done = (await answer.json()) as FollowUp;
    expect(done).toMatchObject({
      state: 'done',
      recordedBy: 'Dr. med. Jonas Berg',
      recordedAt: clock.now().toISOString(),
      record: {
        ...wellOn(today()),
        deathDate: null,
        explantReason: null,
        endocarditis: false,
        thromboembolism: false,
        majorBleeding: false,
      },
    });
    // Once: a later change is a correction, not a second record.
    const again = await expectProblem(await record('physicianA', day30.id, wellOn(today())), 409);
    expect(again.detail).toBe(`This follow-up was recorded on ${today()}; it no longer changes here.`);
    expect(await auditActions(day30.id)).toEqual(['followup.schedule', 'followup.record']);
    // The bank reads it as recorded.
    const atBank = await followUpsOf(
      app.clients.employeeX,
      { lot: first.lot, state: 'done' },
      '/api/euteemployee/followups',
    );
    expect(atBank.map((followUp) => followUp.id)).toEqual([day30.id]);
  }, 120_000);

  test('a missed year is overdue, marked lost with a reason once it is due, and recorded when the patient comes back', async () => {
    const year1 = await visitOf(app.clients.physicianA, first.lot, 'P1Y');
    const year2 = await visitOf(app.clients.physicianA, first.lot, 'P2Y');
    const day30 = await visitOf(app.clients.physicianA, first.lot, 'P30D');
    await moveTo(shiftDate(year1.dueOn!, 3));
    expect(
      (await followUpsOf(app.clients.physicianA, { state: 'overdue', lot: first.lot })).map((f) => f.visit),
    ).toEqual(['P1Y']);

    // Not before it is due, not a recorded one, and a reason is required.
    const early = await expectProblem(await lost('physicianA', year2.id), 409);
    expect(early.detail).toBe(`A follow-up can be marked lost once it is due, from ${year2.opensOn}.`);
    await expectProblem(await lost('physicianA', day30.id), 409);
    await expectProblem(await lost('physicianA', year1.id, ''), 400);

    const marked = await lost('physicianA', year1.id);
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ state: 'lost', lostReason: 'Moved abroad; no contact since.' });
    expect(await followUpsOf(app.clients.physicianA, { state: 'overdue', lot: first.lot })).toEqual([]);
    expect(ours(await followUpsOf(app.clients.physicianA, { state: 'lost' })).map((f) => f.id)).toEqual([year1.id]);
    await expectProblem(await lost('physicianA', year1.id), 409);

    // The patient comes back: the visit is recorded after all, the reason kept in the audit.
    const back = await record('physicianA', year1.id, wellOn(today()));
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ state: 'done', lostReason: null });
    expect(await auditActions(year1.id)).toEqual(['followup.schedule', 'followup.lost', 'followup.record']);
  }, 120_000);

  test('an unscheduled explant for endocarditis ends the visits due after it; a death at a visit ends the others’', async () => {
    const { physicianA } = app.clients;
    // An unscheduled record names an event, and only of a graft implanted at the caller's clinic.
    const nothing = await expectProblem(await unscheduled('physicianA', { lot: first.lot, ...wellOn(today()) }), 400);
    expect(nothing.errors?.map((error) => error.field)).toEqual(['graftStatus']);
    const explant = {
      date: today(),
      patientStatus: 'alive',
      graftStatus: 'explanted',
      explantDate: shiftDate(today(), -2),
      explantReason: 'endocarditis',
      endocarditis: true,
    };
    for (const lot of ['NO-SUCH-LOT', await freeGraftOfX(app, today()), ofB.lot]) {
      const refused = await expectProblem(await unscheduled('physicianA', { ...explant, lot }), 404);
      expect(refused.detail).toBe(`No graft with lot ${lot}.`);
    }

    const created = await unscheduled('physicianA', { ...explant, lot: first.lot });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await created.json()).toMatchObject({
      lot: first.lot,
      kind: 'unscheduled',
      visit: null,
      dueOn: null,
      state: 'done',
      record: { graftStatus: 'explanted', explantReason: 'endocarditis', endocarditis: true },
    });
    const ofFirst = await followUpsOf(physicianA, { lot: first.lot });
    // Listed by day: the explant's record between the first year and the second.
    expect(ofFirst.map((followUp) => [followUp.visit, followUp.state])).toEqual([
      ['P30D', 'done'],
      ['P1Y', 'done'],
      [null, 'done'],
      ['P2Y', 'ended'],
      ['P3Y', 'ended'],
      ['P4Y', 'ended'],
      ['P5Y', 'ended'],
      ['P6Y', 'ended'],
      ['P7Y', 'ended'],
      ['P8Y', 'ended'],
      ['P9Y', 'ended'],
      ['P10Y', 'ended'],
    ]);
    const year2 = ofFirst.find((followUp) => followUp.visit === 'P2Y')!;
    await expectProblem(await record('physicianA', year2.id, wellOn(today())), 409);
    await expectProblem(await lost('physicianA', year2.id), 409);
    expect(await auditActions(year2.id)).toEqual(['followup.schedule', 'followup.end']);

    // The second patient died at home last week; the clinic learns it at the 1-year visit.
    const year1 = await visitOf(physicianA, second.lot, 'P1Y');
    const died = {
      date: today(),
      patientStatus: 'died',
      deathDate: shiftDate(today(), -7),
      deathCause: 'non-cardiac',
      graftStatus: 'functioning',
    };
    expect((await record('physicianA', year1.id, died)).status).toBe(200);
    const ofSecond = await followUpsOf(physicianA, { lot: second.lot });
    // Its 30-day visit was never recorded: it stays overdue, as it fell before the death.
    expect(ofSecond.map((followUp) => followUp.state)).toEqual(['overdue', 'done', ...Array(9).fill('ended')]);
    expect(ours(await followUpsOf(physicianA, { state: 'ended' }))).toHaveLength(18);
  }, 120_000);

  test('each clinic reads and records its own, each bank reads its grafts’, the auditor reads all and changes nothing', async () => {
    const lotsOf = (items: FollowUp[]) => [...new Set(items.map((followUp) => followUp.lot))].sort();
    const read = async (role: Role, path: string) => {
      const answer = await app.clients[role].get(`${path}?limit=500`);
      return {
        status: answer.status,
        items: answer.status === 200 ? ((await answer.json()) as { items: FollowUp[] }).items : [],
      };
    };
    const clinicList = '/api/physician/followups';
    const bankList = '/api/euteemployee/followups';
    const ofA = [first.lot, second.lot].sort();
    const everything = [...ofA, ofB.lot].sort();
    const expected: Record<Role, [number, string[], number, string[]]> = {
      anonymous: [401, [], 401, []],
      physicianA: [200, ofA, 403, []],
      physicianB: [200, [ofB.lot], 403, []],
      employeeX: [403, [], 200, ofA],
      employeeY: [403, [], 200, [ofB.lot]],
      admin: [403, [], 403, []],
      auditor: [200, everything, 200, everything],
    };
    for (const role of ROLES) {
      const clinic = await read(role, clinicList);
      const bank = await read(role, bankList);
      expect([clinic.status, lotsOf(ours(clinic.items)), bank.status, lotsOf(ours(bank.items))], role).toEqual(
        expected[role],
      );
    }

    // B's follow-up does not exist for A; the bank, the admin and the auditor may not record.
    const ofBDue = await visitOf(app.clients.physicianB, ofB.lot, 'P2Y');
    const writes = (role: Role) => [
      record(role, ofBDue.id, wellOn(today())),
      lost(role, ofBDue.id),
      unscheduled(role, {
        lot: ofB.lot,
        date: today(),
        patientStatus: 'alive',
        graftStatus: 'reintervention',
        reinterventionDate: today(),
        reinterventionKind: 'catheter',
      }),
    ];
    const refusals: Record<Role, number> = {
      anonymous: 401,
      physicianA: 404,
      physicianB: 0,
      employeeX: 403,
      employeeY: 403,
      admin: 403,
      auditor: 403,
    };
    for (const role of ROLES.filter((role) => role !== 'physicianB')) {
      for (const answer of await Promise.all(writes(role))) {
        await expectProblem(answer, refusals[role]);
      }
    }
    const auditor = await expectProblem(await record('auditor', ofBDue.id, wellOn(today())), 403);
    expect(auditor.detail).toBe('Auditors read follow-ups and change nothing.');
    // Nothing changed; B's own clinic records it.
    expect((await visitOf(app.clients.physicianB, ofB.lot, 'P2Y')).state).toBe('upcoming');
    const overdue = await visitOf(app.clients.physicianB, ofB.lot, 'P1Y');
    expect((await record('physicianB', overdue.id, wellOn(today()))).status).toBe(200);
  }, 120_000);
});
