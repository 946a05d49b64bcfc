import { webPaths } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { Mailer } from '../../mail/mailer';
import type { MailLanguage } from '../../mail/templates/layout';
import { matchDigestMail } from '../../mail/templates/match-digest';
import { matchFoundMail } from '../../mail/templates/match-found';

// Match mails as digests (docs/import.md "Match alerts"): one mail per physician per import (or
// per lapse run), naming every newly free graft that fits entries of theirs and those entries;
// an import that frees 50 grafts for one physician sends that physician one mail, not 50.

/** An open entry a freed graft fits, with its owner. */
export interface MatchedEntry {
  ownerUserId: string;
  patientCode: string;
  email: string;
  language: MailLanguage;
  matchMails: number;
  userActive: number;
}

/** A freed lot and the entries of one owner it fits. */
export interface MatchAlert {
  lot: string;
  entries: readonly [MatchedEntry, ...MatchedEntry[]];
}

/**
 * Queues one mail per owner who wants match mails, with `executor` (in the import's transaction,
 * the mails commit with it). Answers how many were queued.
 */
export async function queueMatchMails(
  executor: Executor,
  deps: { mailer: Mailer; publicUrl: string },
  alerts: readonly MatchAlert[],
): Promise<number> {
  const byOwner = new Map<string, MatchAlert[]>();
  for (const alert of alerts) {
    const [owner] = alert.entries;
    if (owner.userActive === 1 && owner.matchMails === 1) {
      const own = byOwner.get(owner.ownerUserId) ?? [];
      own.push(alert);
      byOwner.set(owner.ownerUserId, own);
    }
  }
  for (const own of byOwner.values()) {
    const [first] = own as [MatchAlert, ...MatchAlert[]];
    const [owner] = first.entries;
    const items = own.map(({ lot, entries }) => ({
      lot,
      // Sorted, so a reader finds a patient, whatever order the database answered in.
      patientCodes: entries.map((entry) => entry.patientCode).sort(),
      link: `${deps.publicUrl}${webPaths.clinicGraft(lot)}`,
    }));
    const content =
      items.length === 1
        ? matchFoundMail(owner.language, items[0] as (typeof items)[number])
        : matchDigestMail(owner.language, items, `${deps.publicUrl}${webPaths.clinicWaitingList}`);
    await deps.mailer.enqueue(executor, { kind: 'match', to: owner.email, ...content });
  }
  return byOwner.size;
}
