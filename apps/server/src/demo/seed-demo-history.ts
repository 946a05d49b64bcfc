import type { Kysely } from 'kysely';
import { recordAudit } from '../modules/audit/audit.service';
import type { DB } from '../db/types';
import { DEMO_EUTES, DEMO_SEED } from './seed-demo-data';
import type { SeededEute } from './seed-demo-grafts';
import { buildDemoOutcomes } from './seed-demo-outcomes';
import { demoRandom, mulberry32, timestampOn } from './seed-demo-random';

// The demo's history (docs/decisions.md "Outcome statistics"): a few hundred past implantations of
// both demo banks with ten years of follow-ups, so the quality view has curves. They were implanted
// at a clinic of their own without demo accounts, so no physician's lists, home or reminders, and
// none of the demo's counts of clinics 1 and 2, change; the banks see them in their archive, their
// follow-ups and the quality view.

/** The clinic of the demo's past implantations. */
export const DEMO_HISTORY_CLINIC = 'Herzzentrum Weststadt – Klinik für Herzchirurgie (Nachsorgeregister)';
/** How many past implantations the demo has. */
export const DEMO_HISTORY_GRAFTS = 300;
// SQLite allows 32,766 bound values a statement; a follow-up row has 19, a graft row about 50.
const BATCH = 400;

export interface DemoHistorySummary {
  grafts: number;
  followUps: number;
}

/** The demo banks as seeded (by name). */
export async function demoBanks(db: Kysely<DB>): Promise<SeededEute[]> {
  const rows = await db.selectFrom('eutes').select(['id', 'name']).execute();
  return DEMO_EUTES.flatMap((data) => {
    const row = rows.find((eute) => eute.name === data.name);
    return row ? [{ id: row.id, data }] : [];
  });
}

/** Adds the history after the demo data (`seed-demo`, the demo start), in one transaction. */
export async function seedDemoHistory(
  db: Kysely<DB>,
  options: { today: string; grafts?: number },
): Promise<DemoHistorySummary> {
  const random = demoRandom(mulberry32(DEMO_SEED + 45));
  const at = timestampOn(options.today, 8);
  const eutes = await demoBanks(db);
  const clinic = { id: random.uuid(), cName: DEMO_HISTORY_CLINIC };
  const history = buildDemoOutcomes({
    random,
    today: options.today,
    eutes,
    clinic,
    grafts: options.grafts ?? DEMO_HISTORY_GRAFTS,
  });
  const summary = { grafts: history.grafts.length, followUps: history.followUps.length };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('clinics')
      .values({ ...clinic, createdAt: at, updatedAt: at })
      .execute();
    for (let start = 0; start < history.grafts.length; start += BATCH) {
      await trx
        .insertInto('grafts')
        .values(history.grafts.slice(start, start + BATCH))
        .execute();
    }
    for (let start = 0; start < history.followUps.length; start += BATCH) {
      await trx
        .insertInto('followups')
        .values(history.followUps.slice(start, start + BATCH))
        .execute();
    }
    await recordAudit(trx, {
      actorUserId: null,
      action: 'demo.history',
      targetType: 'database',
      targetId: null,
      after: summary,
      ip: null,
      at: new Date(at),
    });
  });
  return summary;
}
