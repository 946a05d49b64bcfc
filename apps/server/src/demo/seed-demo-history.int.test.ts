import {
  FOLLOW_UP_WINDOW_DAYS,
  followUpSchedule,
  shiftDate,
  validateFollowUpRecord,
  type FollowUpRecord,
} from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { buildOutcomes } from '../modules/outcomes/outcomes.service';
import { outcomeFollowUps } from '../modules/outcomes/outcomes.repository';
import { seedDemo } from './seed-demo';
import { DEMO_HISTORY_CLINIC, DEMO_HISTORY_GRAFTS, demoBanks, seedDemoHistory } from './seed-demo-history';
import { buildDemoOutcomes } from './seed-demo-outcomes';
import { demoRandom, mulberry32 } from './seed-demo-random';

// The demo's history (docs/decisions.md "Outcome statistics"): past implantations at a clinic of
// their own, with follow-ups over ten years that follow the follow-up rules, and curves with a shape.

const TODAY = '2027-03-02';

describe(`demo history on ${testEngineName()}`, () => {
  let test: TestDatabase;
  let summary: Awaited<ReturnType<typeof seedDemoHistory>>;
  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemo(test.database.db, { today: TODAY });
    summary = await seedDemoHistory(test.database.db, { today: TODAY });
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('implants a few hundred grafts of both banks at a clinic without accounts, over ten years', async () => {
    const db = test.database.db;
    const clinic = await db
      .selectFrom('clinics')
      .selectAll()
      .where('cName', '=', DEMO_HISTORY_CLINIC)
      .executeTakeFirstOrThrow();
    expect(await db.selectFrom('clinicMembers').select('userId').where('clinicId', '=', clinic.id).execute()).toEqual(
      [],
    );
    const grafts = await db.selectFrom('grafts').selectAll().where('clinicId', '=', clinic.id).execute();
    expect(grafts).toHaveLength(DEMO_HISTORY_GRAFTS);
    expect(summary.grafts).toBe(DEMO_HISTORY_GRAFTS);
    expect(new Set(grafts.map((graft) => graft.euteId)).size).toBe(2);
    expect(new Set(grafts.map((graft) => graft.tProdName2)).size).toBe(8);
    const implanted = grafts.map((graft) => graft.implantationOut!).sort();
    expect(implanted[0]! < shiftDate(TODAY, -9 * 365)).toBe(true);
    expect(implanted.at(-1)! > shiftDate(TODAY, -365)).toBe(true);
    expect(grafts.every((graft) => graft.implantationStatus === 1 && graft.listStatus === 2)).toBe(true);
    expect(new Set(grafts.map((graft) => graft.eLot)).size).toBe(grafts.length);
  });

  it('follows the follow-up rules: the schedule, records that validate, nothing due or overdue left open', async () => {
    const rows = await test.database.db.selectFrom('followups').selectAll().execute();
    expect(rows).toHaveLength(summary.followUps);
    const byGraft = new Map<string, typeof rows>();
    for (const row of rows) {
      byGraft.set(row.graftId, [...(byGraft.get(row.graftId) ?? []), row]);
    }
    expect(byGraft.size).toBe(DEMO_HISTORY_GRAFTS);
    for (const own of byGraft.values()) {
      const implantedOn = own[0]!.implantedOn;
      const scheduled = own.filter((row) => row.kind === 'scheduled').sort((a, b) => a.dueOn!.localeCompare(b.dueOn!));
      expect(scheduled.map(({ visit, dueOn }) => ({ visit, dueOn }))).toEqual(
        followUpSchedule(implantedOn).map(({ visit, dueOn }) => ({ visit, dueOn })),
      );
      for (const row of own) {
        if (row.state === 'open') {
          expect(shiftDate(row.dueOn!, -FOLLOW_UP_WINDOW_DAYS) > TODAY, 'only upcoming visits stay open').toBe(true);
        }
        if (row.state === 'done') {
          const record = JSON.parse(row.record!) as FollowUpRecord;
          const unscheduled = row.kind === 'unscheduled';
          expect(validateFollowUpRecord(record, { today: TODAY, implantedOn, unscheduled }), row.id).toEqual([]);
          expect(row.recordDate).toBe(record.date);
        }
        if (row.state === 'ended') {
          expect(own.find((other) => other.id === row.endedBy)?.state).toBe('done');
        }
      }
    }
  });

  it('gives every type curves with a shape: events, deaths, and completeness as a real registry has it', async () => {
    const rows = await outcomeFollowUps(test.database.db, { all: true }, {});
    const view = buildOutcomes(rows, { today: TODAY, from: null, to: null, type: null, bank: null });
    expect(view.all.grafts).toBe(DEMO_HISTORY_GRAFTS);
    expect(view.all.explants).toBeGreaterThan(10);
    expect(view.all.explantsOrReinterventions).toBeGreaterThan(view.all.explants);
    expect(view.all.deaths).toBeGreaterThan(5);
    expect(view.all.completeness).toBeGreaterThan(0.7);
    expect(view.all.completeness).toBeLessThan(0.95);
    const [, fiveYears, tenYears] = view.all.horizons;
    expect(fiveYears!.freedom!.value).toBeLessThan(0.95);
    expect(tenYears!.freedom!.value).toBeGreaterThan(0.3);
    expect(tenYears!.atRisk).toBeGreaterThan(0);
    for (const type of view.types) {
      expect(type.curves.freedom.length, `type ${type.type}`).toBeGreaterThan(2);
    }
  });

  it('comes out the same from the same seed and day', async () => {
    const context = {
      today: TODAY,
      eutes: await demoBanks(test.database.db),
      clinic: { id: 'c', cName: 'C' },
      grafts: 20,
    };
    const once = buildDemoOutcomes({ ...context, random: demoRandom(mulberry32(1)) });
    const again = buildDemoOutcomes({ ...context, random: demoRandom(mulberry32(1)) });
    expect(again).toEqual(once);
  });
});
