import { fitsWaitingListEntry, graftTypeSlug, type GraftTypeNumber } from '@graftmatch/domain';
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

/** Which freed lots fit which open entry; entries no lot fits are left out. */
export function matchFreedGrafts(freed: readonly FreedGraft[], entries: readonly OpenEntry[]) {
  const matches: { entry: OpenEntry; lots: string[] }[] = [];
  // An entry only ever fits grafts of its type: compare each entry with those alone.
  const freedByType = new Map<number, FreedGraft[]>();
  for (const graft of freed) {
    const ofType = freedByType.get(graft.t_ProdName_2);
    if (ofType) {
      ofType.push(graft);
    } else {
      freedByType.set(graft.t_ProdName_2, [graft]);
    }
  }
  for (const entry of entries) {
    const criteria = entryCriteria(entry);
    if (!criteria) {
      continue;
    }
    const lots = (freedByType.get(entry.queryType) ?? [])
      .filter((graft) => fitsWaitingListEntry(graft, criteria))
      .map((graft) => graft.e_Lot);
    if (lots.length > 0) {
      matches.push({ entry, lots });
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
            await deps.mailer.send({ to: entry.email, ...content });
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
