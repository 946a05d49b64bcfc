import { fitsWaitingListEntry, toIsoDate, webPaths, type SearchableGraft } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Executor } from '../../db/executor';
import type { Mailer } from '../../mail/mailer';
import { matchFound } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';
import { notifyEach, publishNotified, type Notified } from '../notifications/notifications.service';
import { entryCriteria } from './waitinglist.mapper';
import { queueMatchMails } from './waitinglist.match-mails';
import { openWaitingListEntries } from './waitinglist.repository';

// Match alerts (docs/import.md "Match alerts"): after an import commits or a reservation lapses,
// every graft that became Free is matched against the open waiting-list entries it fits
// (docs/decisions.md §6); per graft, each physician owning fitting entries gets one notification
// and one `matchFound` push naming all of their entries it fits (for the first
// MATCH_NOTIFICATIONS_NAMED grafts of a run, the rest in one notification that counts them), and,
// unless switched off, one mail for all grafts of the import or lapse run (waitinglist.match-mails.ts).

/** Grafts of one import or lapse run told to a physician one notification each; more are counted in one. */
export const MATCH_NOTIFICATIONS_NAMED = 20;

export interface AlertDeps {
  db: Kysely<DB>;
  push: PushPublisher;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: { error(details: Record<string, unknown>, message: string): void };
}

/** A graft that became Free (by an import or a lapsed reservation), as waiting-list matching needs it. */
export type FreedGraft = SearchableGraft & { e_Lot: string; expiry: { outValue: string | null } };

type OpenEntry = Awaited<ReturnType<typeof openWaitingListEntries>>[number];

/** A freed graft with a diameter, its expiry as yyyy-mm-dd, and its place in the file. */
type Candidate = { graft: FreedGraft; diameter: number; expiry: string | null; position: number };

/** The first index of `candidates` (sorted by diameter) whose diameter is at least `diameter`. */
function firstFrom(candidates: readonly Candidate[], diameter: number): number {
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((candidates[middle]?.diameter ?? 0) < diameter) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/** Which freed grafts (by their place in `freed`, ascending) fit which open entry; entries none fits are left out. */
export function matchFreedGrafts(freed: readonly FreedGraft[], entries: readonly OpenEntry[]) {
  // An entry only ever fits grafts of its type and diameter range: per type, the grafts with a
  // diameter sorted by it, so each entry checks only those in its range (a large import frees
  // thousands of grafts against a thousand entries).
  const byType = new Map<number, Candidate[]>();
  freed.forEach((graft, position) => {
    if (graft.t_Dproximal === null) {
      return;
    }
    const ofType = byType.get(graft.t_ProdName_2) ?? [];
    // The expiry read once here rather than once per entry.
    ofType.push({ graft, diameter: graft.t_Dproximal, expiry: toIsoDate(graft.expiry.outValue), position });
    byType.set(graft.t_ProdName_2, ofType);
  });
  for (const candidates of byType.values()) {
    candidates.sort((a, b) => a.diameter - b.diameter);
  }
  const matches: { entry: OpenEntry; positions: number[] }[] = [];
  for (const entry of entries) {
    const criteria = entryCriteria(entry);
    const candidates = criteria ? byType.get(entry.queryType) : undefined;
    if (!criteria || !candidates) {
      continue;
    }
    const fitting: number[] = [];
    for (let index = firstFrom(candidates, criteria.query_d_min); index < candidates.length; index += 1) {
      const candidate = candidates[index] as Candidate;
      if (candidate.diameter > criteria.query_d_max) {
        break;
      }
      if (fitsWaitingListEntry(candidate.graft, criteria, candidate.expiry)) {
        fitting.push(candidate.position);
      }
    }
    if (fitting.length > 0) {
      // In the file's order, as the mail lists them.
      matches.push({ entry, positions: fitting.sort((a, b) => a - b) });
    }
  }
  return matches;
}

/**
 * One alert per physician and graft: the lot with every entry of theirs it fits, in the order the
 * grafts were freed (the file's), so "the first grafts" of a run are the same for every reader.
 */
export function alertsPerGraft(matches: ReturnType<typeof matchFreedGrafts>, freed: readonly FreedGraft[]) {
  // Per physician, then per graft by its place in the file: a large import makes hundreds of
  // thousands of pairs, so they are keyed and ordered by number.
  type Alert = { lot: string; position: number; entries: [OpenEntry, ...OpenEntry[]] };
  const byOwner = new Map<string, Map<number, Alert>>();
  const alerts: Alert[] = [];
  for (const { entry, positions } of matches) {
    let ofOwner = byOwner.get(entry.ownerUserId);
    if (!ofOwner) {
      ofOwner = new Map();
      byOwner.set(entry.ownerUserId, ofOwner);
    }
    for (const position of positions) {
      const alert = ofOwner.get(position);
      if (alert) {
        alert.entries.push(entry);
      } else {
        const created: Alert = { lot: (freed[position] as FreedGraft).e_Lot, position, entries: [entry] };
        ofOwner.set(position, created);
        alerts.push(created);
      }
    }
  }
  return alerts.sort((a, b) => a.position - b.position);
}

/** The alerts of newly free grafts: per physician and graft, their entries it fits (read with `executor`). */
export async function findMatchAlerts(executor: Executor, freed: readonly FreedGraft[], today: string) {
  return freed.length === 0
    ? []
    : alertsPerGraft(matchFreedGrafts(freed, await openWaitingListEntries(executor, today)), freed);
}

/** The alerts each physician is told of one by one, and per physician those counted together. */
function foldAlerts(alerts: ReturnType<typeof alertsPerGraft>) {
  const named: typeof alerts = [];
  const rest = new Map<string, typeof alerts>();
  const toldPerOwner = new Map<string, number>();
  for (const alert of alerts) {
    const owner = alert.entries[0].ownerUserId;
    const told = toldPerOwner.get(owner) ?? 0;
    if (told < MATCH_NOTIFICATIONS_NAMED) {
      named.push(alert);
      toldPerOwner.set(owner, told + 1);
    } else {
      const more = rest.get(owner) ?? [];
      more.push(alert);
      rest.set(owner, more);
    }
  }
  return { named, rest };
}

/** The distinct entries of some alerts, in order of first appearance. */
function entriesOf(alerts: ReturnType<typeof alertsPerGraft>): OpenEntry[] {
  const entries = new Map<string, OpenEntry>();
  for (const alert of alerts) {
    for (const entry of alert.entries) {
      entries.set(entry.id, entry);
    }
  }
  return [...entries.values()];
}

/**
 * Each alert stored for its physician's notification centre, with `executor` (the cause's
 * transaction): one per graft up to MATCH_NOTIFICATIONS_NAMED per physician, then one that counts
 * the rest and opens the waiting list (a bank's full import must not bury the bell).
 */
export function notifyMatchAlerts(
  executor: Executor,
  alerts: ReturnType<typeof alertsPerGraft>,
  at: Date,
): Promise<Notified> {
  const { named, rest } = foldAlerts(alerts);
  const counted = [...rest].map(([userId, more]) => {
    const entries = entriesOf(more);
    return {
      userId,
      event: {
        kind: 'match' as const,
        link: webPaths.clinicWaitingList,
        payload: {
          grafts: more.length,
          waitinglistids: entries.map((entry) => entry.id),
          patientCodes: entries.map((entry) => entry.patientCode),
        },
        at,
      },
    };
  });
  return notifyEach(executor, [
    ...named.map(({ lot, entries }) => ({
      userId: entries[0].ownerUserId,
      event: {
        kind: 'match' as const,
        link: webPaths.clinicGraft(lot),
        payload: {
          lot,
          waitinglistids: entries.map((entry) => entry.id),
          patientCodes: entries.map((entry) => entry.patientCode),
        },
        at,
      },
    })),
    ...counted,
  ]);
}

/** One `matchFound` push per graft told one by one and the stored notifications, after the commit. */
export function publishMatchAlerts(
  push: PushPublisher,
  alerts: ReturnType<typeof alertsPerGraft>,
  notified: Notified,
): void {
  for (const { lot, entries } of foldAlerts(alerts).named) {
    const ids = entries.map((entry) => entry.id) as [string, ...string[]];
    push.publish(matchFound(entries[0].ownerUserId, ids, lot));
  }
  publishNotified(push, notified);
}

/**
 * Tells the owners of fitting entries of grafts freed by a committed change (a lapse): notifications
 * and mails in one transaction, pushes after it. Best effort, never throws (the change has committed).
 */
export async function sendMatchAlerts(deps: AlertDeps, freed: readonly FreedGraft[], today: string): Promise<number> {
  if (freed.length === 0) {
    return 0;
  }
  try {
    const { alerts, notified } = await deps.db.transaction().execute(async (trx) => {
      const found = await findMatchAlerts(trx, freed, today);
      await queueMatchMails(trx, deps, found);
      return { alerts: found, notified: await notifyMatchAlerts(trx, found, deps.now()) };
    });
    deps.mailer.wake();
    publishMatchAlerts(deps.push, alerts, notified);
    return alerts.length;
  } catch (error) {
    deps.log.error({ err: error }, 'match alerts failed');
    return 0;
  }
}
