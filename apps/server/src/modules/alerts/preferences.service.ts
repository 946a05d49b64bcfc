import { silencedClockEvents, type NotificationPreferences } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { fieldError, invalidFields } from '../../http/problem';
import { auditedOwnChange } from '../audit/audit.service';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { parsePreferences } from './preferences';
import * as repo from './alerts.repository';

// Each user's choice of channels per kind of event (docs/api.md "Alerts").

export interface PreferencesDeps {
  db: Kysely<DB>;
  now: () => Date;
}

async function read(executor: Kysely<DB>, userId: string): Promise<NotificationPreferences> {
  const [row] = await repo.preferencesOf(executor, [userId]);
  return parsePreferences(row);
}

/** `GET /me/notification-preferences`. */
export function getMyPreferences(deps: PreferencesDeps, principal: Principal | null): Promise<NotificationPreferences> {
  return read(deps.db, requireUser(principal).userId);
}

/**
 * `PUT /me/notification-preferences`: the whole choice, with its audit row. An event with a clock
 * (docs/decisions.md "Alerts") left with neither push nor mail is refused, naming the event.
 */
export async function putMyPreferences(
  deps: PreferencesDeps,
  actor: { principal: Principal | null; ip: string | null },
  body: NotificationPreferences,
): Promise<NotificationPreferences> {
  const { userId } = requireUser(actor.principal);
  const silenced = silencedClockEvents(body);
  if (silenced.length > 0) {
    throw invalidFields(
      'problem.alerts.silencedClockEvent',
      silenced.map((event) => fieldError(`/events/${event}`, { key: 'validation.clockEventSilenced' })),
    );
  }
  const at = deps.now();
  return auditedOwnChange(deps.db, { userId, ip: actor.ip, at }, 'user.alerts.update', {
    read: (trx) => read(trx, userId),
    write: (trx) =>
      repo.savePreferences(trx, {
        userId,
        digestHour: body.digestHour,
        events: JSON.stringify(body.events),
        updatedAt: at.toISOString(),
      }),
  });
}
