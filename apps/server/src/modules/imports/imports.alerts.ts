import { fitsWaitingListEntry, graftTypeSlug, toIsoDate, type GraftTypeNumber } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { matchFoundMail } from '../../mail/templates/match-found';
import { matchFound } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';
import type { FreedGraft } from './imports.plan';
import { openWaitingListEntries } from './imports.repository';
import { entryCriteria } from '../waitinglist/waitinglist.mapper';

// Match alerts (docs/import.md "Match alerts"): after an import commits, every graft that became
// Free is matched against the open waiting-list entries it fits (design §6); each entry's owner
// gets one `matchFound` push and, unless switched off, one mail naming the lots.

export interface AlertDeps {
  db: Kysely<DB>;
  push: PushPublisher;
  mailer: Mailer;
  publicUrl: string;
  log: { error(details: Record<string, unknown>, message: string): void };
}

type OpenEntry = Awaited<ReturnType<typeof openWaitingListEntries>>[number];

/** The web search of an entry: its type's route with the entry's sizes (apps/web searchQuery.ts). */
function searchLink(publicUrl: string, entry: OpenEntry): string {
  const params = new URLSearchParams({
    d_min: String(entry.queryDMin),
    d_max: String(entry.queryDMax),
    l_min: String(entry.queryLMin),
    l_l_min: String(entry.queryLLMin),
    l_r_min: String(entry.queryLRMin),
  });
  return `${publicUrl}/home/clinic/search/${graftTypeSlug(entry.queryType as GraftTypeNumber)}?${params}`;
}

/** A freed graft with a diameter, and its place in the file. */
type Candidate = { graft: FreedGraft; diameter: number; position: number };

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

/** Which freed lots fit which open entry; entries no lot fits are left out. */
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
    const read = { ...graft, expiry: { outValue: toIsoDate(graft.expiry.outValue) } };
    ofType.push({ graft: read, diameter: graft.t_Dproximal, position });
    byType.set(graft.t_ProdName_2, ofType);
  });
  for (const candidates of byType.values()) {
    candidates.sort((a, b) => a.diameter - b.diameter);
  }
  const matches: { entry: OpenEntry; lots: string[] }[] = [];
  for (const entry of entries) {
    const criteria = entryCriteria(entry);
    const candidates = criteria ? byType.get(entry.queryType) : undefined;
    if (!criteria || !candidates) {
      continue;
    }
    const fitting: Candidate[] = [];
    for (let index = firstFrom(candidates, criteria.query_d_min); index < candidates.length; index += 1) {
      const candidate = candidates[index] as Candidate;
      if (candidate.diameter > criteria.query_d_max) {
        break;
      }
      if (fitsWaitingListEntry(candidate.graft, criteria)) {
        fitting.push(candidate);
      }
    }
    if (fitting.length > 0) {
      // In the file's order, as the mail lists them.
      matches.push({ entry, lots: fitting.sort((a, b) => a.position - b.position).map(({ graft }) => graft.e_Lot) });
    }
  }
  return matches;
}

/** Tells the owners of fitting entries; best effort, never throws (the import has committed). */
export async function sendMatchAlerts(deps: AlertDeps, freed: readonly FreedGraft[], today: string): Promise<number> {
  if (freed.length === 0) {
    return 0;
  }
  try {
    const matches = matchFreedGrafts(freed, await openWaitingListEntries(deps.db, today));
    for (const { entry, lots } of matches) {
      deps.push.publish(matchFound(entry.ownerUserId, entry.id, lots));
    }
    await Promise.all(
      matches
        .filter(({ entry }) => entry.userActive === 1 && entry.matchMails === 1)
        .map(async ({ entry, lots }) => {
          const content = matchFoundMail(entry.language, {
            patientCode: entry.patientCode,
            lots,
            link: searchLink(deps.publicUrl, entry),
          });
          try {
            await deps.mailer.enqueue(deps.db, { kind: 'match', to: entry.email, ...content });
          } catch (error) {
            deps.log.error({ err: error, waitinglistid: entry.id }, 'match mail could not be sent');
          }
        }),
    );
    return matches.length;
  } catch (error) {
    deps.log.error({ err: error }, 'match alerts failed');
    return 0;
  }
}
