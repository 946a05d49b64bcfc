import {
  ALERT_EVENTS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  MAIL_CHOICES,
  type AlertChannels,
  type NotificationPreferences,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import * as repo from './alerts.repository';

/**
 * A stored choice as the current schema has it: an event stored before it existed, or a value no
 * longer offered, falls back to the default, so an answer always fits its schema.
 */
export function parsePreferences(row: { digestHour: number; events: string } | undefined): NotificationPreferences {
  if (!row) {
    return DEFAULT_NOTIFICATION_PREFERENCES;
  }
  const stored = JSON.parse(row.events) as Record<string, Partial<AlertChannels> | undefined>;
  const events = Object.fromEntries(
    ALERT_EVENTS.map((event) => {
      const fallback = DEFAULT_NOTIFICATION_PREFERENCES.events[event];
      const channels = stored[event];
      return [
        event,
        {
          push: typeof channels?.push === 'boolean' ? channels.push : fallback.push,
          mail: MAIL_CHOICES.includes(channels?.mail as never) ? channels!.mail! : fallback.mail,
        },
      ];
    }),
  ) as NotificationPreferences['events'];
  return { digestHour: row.digestHour, events };
}

/** The preferences of these users, by id; a user with none stored is absent (the defaults hold). */
export async function readPreferences(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, NotificationPreferences>> {
  const rows = await repo.preferencesOf(executor, userIds);
  return new Map(rows.map((row) => [row.userId, parsePreferences(row)]));
}
