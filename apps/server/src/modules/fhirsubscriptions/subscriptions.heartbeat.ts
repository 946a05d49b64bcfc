import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { queueNotification } from './subscriptions.events';
import * as repo from './subscriptions.repository';

// The heartbeat job (docs/operations.md "Jobs"): a subscription that asked for a heartbeat and had
// no notification queued within its period gets one, so its receiver knows the channel is alive.

export async function sendDueHeartbeats(deps: { db: Kysely<DB>; mailer: Mailer; now: () => Date }): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  let sent = 0;
  for (const row of await repo.heartbeatSubscriptions(deps.db)) {
    const since = Date.parse(row.lastSentAt ?? row.createdAt);
    if (since + (row.heartbeatSeconds ?? 0) * 1000 > now.getTime()) {
      continue;
    }
    await deps.db.transaction().execute(async (trx) => {
      if (await repo.stampHeartbeat(trx, row.id, row.lastSentAt, at)) {
        await queueNotification(trx, deps.mailer, row.id, { type: 'heartbeat', timestamp: at });
        sent += 1;
      }
    });
  }
  if (sent > 0) {
    deps.mailer.wake();
  }
  return sent;
}
