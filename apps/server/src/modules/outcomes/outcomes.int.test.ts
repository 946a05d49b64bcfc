import {
  cumulativeIncidence,
  cumulativeIncidenceAtTimes,
  diameterBand,
  kaplanMeier,
  kaplanMeierAtTimes,
  shiftDate,
  type CompetingRiskObservation,
  type FollowUpRecord,
  type Outcomes,
  type OutcomeSummary,
  type SurvivalObservation,
} from '@graftmatch/domain';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestClinic } from '../../../test/support/auth';
import {
  expectProblem,
  readOk,
  startSeededApp,
  today,
  type SeededApp,
  clinicalToday,
} from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { dueFollowUpOfA } from '../../../test/support/followups';
import { demoBanks } from '../../demo/seed-demo-history';
import { buildDemoOutcomes } from '../../demo/seed-demo-outcomes';
import { demoRandom, mulberry32 } from '../../demo/seed-demo-random';

// The bank's quality view (docs/api.md "Outcomes"): generated implantations of both banks with ten
// years of follow-ups, then every number of the answer held against the domain's estimators run
// here on the same rows, each graft's times worked out anew from its records.

const HORIZONS = [365.25, 1826.25, 3652.5];
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

interface Graft {
  type: number;
  band: number | null;
  failure: SurvivalObservation;
  explant: CompetingRiskObservation;
  due: number;
  recorded: number;
}

/** Every implanted graft of `banks` (all when null) with its times, straight from the tables. */
async function graftsIn(app: SeededApp, banks: string[] | null, filter: { type?: number; from?: string } = {}) {
  let query = app.server.database.db
    .selectFrom('followups')
    .innerJoin('grafts', 'grafts.id', 'followups.graftId')
    .select(['followups.graftId', 'followups.implantedOn', 'followups.kind', 'followups.dueOn'])
    .select(['followups.state', 'followups.record', 'grafts.tProdName2', 'grafts.tDproximal']);
  if (banks) {
    query = query.where('followups.euteId', 'in', banks);
  }
  const rows = (await query.execute()).filter(
    (row) =>
      (filter.type === undefined || row.tProdName2 === filter.type) &&
      (filter.from === undefined || row.implantedOn >= filter.from),
  );
  const byGraft = new Map<string, typeof rows>();
  for (const row of rows) {
    byGraft.set(row.graftId, [...(byGraft.get(row.graftId) ?? []), row]);
  }
  return [...byGraft.values()].map((own): Graft => {
    const implanted = own[0]!.implantedOn;
    const records = own.flatMap((row) => (row.state === 'done' ? [JSON.parse(row.record!) as FollowUpRecord] : []));
    const first = (dates: (string | null)[]) => dates.filter((d): d is string => d !== null).sort()[0] ?? null;
    const death = first(records.map((r) => (r.patientStatus === 'died' ? r.deathDate : null)));
    const explant = first(records.map((r) => (r.graftStatus === 'explanted' ? r.explantDate : null)));
    const failure = first([
      explant,
      ...records.map((r) => (r.graftStatus === 'reintervention' ? r.reinterventionDate : null)),
    ]);
    const news = records.flatMap((r) => [r.date, r.explantDate, r.reinterventionDate]).filter((d) => d !== null);
    const lastNews = death ?? news.sort().at(-1) ?? implanted;
    const visits = own.filter(
      (row) => row.kind === 'scheduled' && row.state !== 'ended' && (row.dueOn! <= today() || row.state === 'done'),
    );
    return {
      type: own[0]!.tProdName2,
      band: diameterBand(own[0]!.tDproximal),
      failure:
        failure && (!death || failure <= death)
          ? { time: days(implanted, failure), event: true }
          : { time: days(implanted, lastNews), event: false },
      explant:
        explant && (!death || explant <= death)
          ? { time: days(implanted, explant), outcome: 'event' }
          : death
            ? { time: days(implanted, death), outcome: 'competing' }
            : { time: days(implanted, lastNews), outcome: 'censored' },
      due: visits.length,
      recorded: visits.filter((row) => row.state === 'done').length,
    };
  });
}

/** The answer's numbers of one group against the estimators on its grafts. */
function expectSummary(summary: OutcomeSummary, grafts: Graft[], label: string) {
  const freedom = kaplanMeierAtTimes(kaplanMeier(grafts.map((g) => g.failure)), HORIZONS);
  const incidence = cumulativeIncidenceAtTimes(cumulativeIncidence(grafts.map((g) => g.explant)), HORIZONS);
  const due = grafts.reduce((sum, g) => sum + g.due, 0);
  const recorded = grafts.reduce((sum, g) => sum + g.recorded, 0);
  expect(summary, label).toMatchObject({
    grafts: grafts.length,
    followUpsDue: due,
    followUpsRecorded: recorded,
    completeness: due === 0 ? null : expect.closeTo(recorded / due, 12),
    explantsOrReinterventions: grafts.filter((g) => g.failure.event).length,
    explants: grafts.filter((g) => g.explant.outcome === 'event').length,
    deaths: grafts.filter((g) => g.explant.outcome === 'competing').length,
  });
  const close = (value: number | null | undefined) =>
    value === null || value === undefined ? null : expect.closeTo(value, 12);
  const estimate = (value: { value: number; lower: number | null; upper: number | null } | null) =>
    value && { value: close(value.value), lower: close(value.lower), upper: close(value.upper) };
  expect(summary.horizons, label).toEqual(
    HORIZONS.map((daysAt, index) => ({
      years: [1, 5, 10][index],
      days: daysAt,
      atRisk: freedom[index]!.atRisk,
      freedom: estimate(freedom[index]!.survival),
      explantAtRisk: incidence[index]!.atRisk,
      explant: estimate(incidence[index]!.event),
      death: estimate(incidence[index]!.competing),
    })),
  );
}

function expectView(view: Outcomes, grafts: Graft[]) {
  expectSummary(view.all, grafts, 'all types');
  const types = [...new Set(grafts.map((g) => g.type))].sort((a, b) => a - b);
  expect(view.types.map((type) => type.type)).toEqual(types);
  for (const type of view.types) {
    const ofType = grafts.filter((g) => g.type === type.type);
    expectSummary(type, ofType, `type ${type.type}`);
    // The curve: day 0 (unless an event falls on it), each day with an event, the last day followed.
    const curve = kaplanMeier(ofType.map((g) => g.failure));
    const eventDays = curve.filter((step) => step.events > 0).map((step) => step.time);
    const drawn = [...(eventDays[0] === 0 ? [] : [0]), ...eventDays];
    const last = curve.at(-1)!.time;
    expect(type.curves.freedom.map((point) => point.day)).toEqual(last > drawn.at(-1)! ? [...drawn, last] : drawn);
    expect(type.bands.map((band) => band.band)).toEqual(
      [...new Set(ofType.map((g) => g.band))].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)),
    );
    for (const band of type.bands) {
      expectSummary(
        band,
        ofType.filter((g) => g.band === band.band),
        `type ${type.type}, band ${band.band}`,
      );
    }
  }
}

describe(`the bank's quality view (${testEngineName()})`, () => {
  let app: SeededApp;

  beforeAll(async () => {
    app = await startSeededApp();
    const db = app.server.database.db;
    // Both banks' grafts, implanted over ten years at a clinic of their own.
    const clinic = { id: await createTestClinic(app.server, { name: 'Outcome clinic' }), cName: 'Outcome clinic' };
    const history = buildDemoOutcomes({
      random: demoRandom(mulberry32(45)),
      today: today(),
      eutes: await demoBanks(db),
      clinic,
      grafts: 160,
      lotTag: 'QV',
    });
    await db.insertInto('grafts').values(history.grafts).execute();
    for (let start = 0; start < history.followUps.length; start += 300) {
      await db
        .insertInto('followups')
        .values(history.followUps.slice(start, start + 300))
        .execute();
    }
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test("first bank X's employee reads its grafts' view: every number is the estimators' on the same rows", async () => {
    const view = (await readOk<Outcomes>(app.clients.employeeX, '/api/euteemployee/outcomes')).body;
    const grafts = await graftsIn(app, [app.ids.euteX]);
    expect(grafts.length).toBeGreaterThan(50);
    expect(view).toMatchObject({ asOf: today(), from: null, to: null, type: null, bank: null, bandWidth: 5 });
    expect(view.all.explantsOrReinterventions).toBeGreaterThan(0);
    expect(view.all.deaths).toBeGreaterThan(0);
    expectView(view, grafts);
  });

  test('then filtered by type and period, the same holds for the grafts of that type implanted since then', async () => {
    const from = shiftDate(today(), -6 * 365);
    const path = `/api/euteemployee/outcomes?type=5&from=${from}&to=${today()}&bank=${app.ids.euteX}`;
    const view = (await readOk<Outcomes>(app.clients.employeeX, path)).body;
    expect(view).toMatchObject({ type: 5, from, to: today(), bank: { id: app.ids.euteX } });
    expect(view.types.map((type) => type.type)).toEqual([5]);
    expectView(view, await graftsIn(app, [app.ids.euteX], { type: 5, from }));
  });

  test("bank Y sees its own grafts only, and bank X's is refused it; physicians and admins have no bank view", async () => {
    const ofY = (await readOk<Outcomes>(app.clients.employeeY, '/api/euteemployee/outcomes')).body;
    expectView(ofY, await graftsIn(app, [app.ids.euteY]));
    const other = await app.clients.employeeY.get(`/api/euteemployee/outcomes?bank=${app.ids.euteX}`);
    await expectProblem(other, 403);
    await expectProblem(await app.clients.physicianA.get('/api/euteemployee/outcomes'), 403);
    await expectProblem(await app.clients.admin.get('/api/euteemployee/outcomes'), 403);
    await expectProblem(await app.clients.employeeX.get('/api/admin/outcomes'), 403);
    await expectProblem(await app.clients.physicianB.get('/api/admin/outcomes'), 403);
  });

  test('admins and auditors see the network as a whole and each bank as its employees do', async () => {
    const network = await graftsIn(app, null);
    const ofX = (await readOk<Outcomes>(app.clients.employeeX, '/api/euteemployee/outcomes')).body;
    for (const client of [app.clients.admin, app.clients.auditor]) {
      const whole = (await readOk<Outcomes>(client, '/api/admin/outcomes')).body;
      expect(whole.bank).toBeNull();
      expectView(whole, network);
      const bankX = (await readOk<Outcomes>(client, `/api/admin/outcomes?bank=${app.ids.euteX}`)).body;
      expect(bankX.bank?.id).toBe(app.ids.euteX);
      expect({ ...bankX, bank: null }).toEqual(ofX);
    }
    // Auditors read the bank route too, over every bank.
    expectView((await readOk<Outcomes>(app.clients.auditor, '/api/euteemployee/outcomes')).body, network);
    const unknown = await app.clients.admin.get('/api/admin/outcomes?bank=3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e');
    await expectProblem(unknown, 404);
  });

  test('a period that ends before it starts, an unknown type or field is 400 problem+json', async () => {
    const reversed = await expectProblem(
      await app.clients.employeeX.get('/api/euteemployee/outcomes?from=2024-05-01&to=2024-04-30'),
      400,
    );
    expect(reversed.errors?.map((error) => error.field)).toEqual(['to']);
    await expectProblem(await app.clients.employeeX.get('/api/euteemployee/outcomes?type=9'), 400);
    await expectProblem(await app.clients.employeeX.get('/api/euteemployee/outcomes?from=2024-02-30'), 400);
    await expectProblem(await app.clients.admin.get('/api/admin/outcomes?bank=X'), 400);
    await expectProblem(await app.clients.admin.get('/api/admin/outcomes?format=xlsx'), 400);
  });

  test('the table as CSV, by format=csv or Accept: text/csv, holds the JSON numbers, headers in the caller’s language', async () => {
    const view = (await readOk<Outcomes>(app.clients.employeeX, '/api/euteemployee/outcomes')).body;
    for (const [path, headers] of [
      ['/api/euteemployee/outcomes?format=csv', {}],
      ['/api/euteemployee/outcomes', { accept: 'text/csv' }],
    ] as const) {
      const answer = await app.clients.employeeX.get(path, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="outcomes_${today()}.csv"`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = parse(bytes.subarray(3).toString('utf8')) as string[][];
      const bands = view.types.reduce((sum, type) => sum + type.bands.length, 0);
      expect(lines).toHaveLength(1 + 1 + view.types.length + bands);
      const header = lines[0]!;
      expect(header.slice(0, 3)).toEqual(['Graft type', 'Diameter band', 'Grafts implanted']);
      const all = lines[1]!;
      expect(all.slice(0, 5)).toEqual([
        'All types',
        'All diameters',
        ...[view.all.grafts, view.all.followUpsDue, view.all.followUpsRecorded].map(String),
      ]);
      const fiveYears = header.indexOf('Freedom from explant or reintervention 5 y');
      expect(Number(all[fiveYears])).toBeCloseTo(view.all.horizons[1]!.freedom!.value, 6);
    }
    const german = await app.clients.employeeX.get('/api/euteemployee/outcomes?format=csv', {
      headers: { 'accept-language': 'de' },
    });
    const germanLines = parse(
      Buffer.from(await german.arrayBuffer())
        .subarray(3)
        .toString('utf8'),
    ) as string[][];
    expect(germanLines[1]!.slice(0, 2)).toEqual(['Alle Typen', 'Alle Durchmesser']);
  });

  test('a recorded explant reaches the view at once: follow-up writes renew the kept answer', async () => {
    const read = async () => (await readOk<Outcomes>(app.clients.employeeX, '/api/euteemployee/outcomes')).body;
    const before = await read();
    const followUp = await dueFollowUpOfA(app, clinicalToday());
    // Read (and kept) once the graft is implanted, then again once only its follow-up has changed.
    const implanted = await read();
    expect(implanted.all).toMatchObject({ grafts: before.all.grafts + 1, explants: before.all.explants });
    const recorded = await app.clients.physicianA.put(`/api/physician/followups/${followUp}`, {
      date: clinicalToday(),
      patientStatus: 'alive',
      graftStatus: 'explanted',
      explantDate: clinicalToday(),
      explantReason: 'endocarditis',
    });
    expect(recorded.status, await recorded.clone().text()).toBe(200);
    const after = await read();
    expect(after.all).toMatchObject({ grafts: implanted.all.grafts, explants: implanted.all.explants + 1 });
    expectView(after, await graftsIn(app, [app.ids.euteX]));
  });
});
