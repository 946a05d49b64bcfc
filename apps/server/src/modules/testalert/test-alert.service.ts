import type { TestAlertResult } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Principal } from '../../identity/principal';
import { requireAdmin } from '../../identity/policy';
import { everyActiveUser, notify, publishNotified } from '../notifications/notifications.service';
import { testAlert } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';

export interface TestAlertDeps {
  db: Kysely<DB>;
  now: () => Date;
  push: PushPublisher;
  /** Distinct users with a push connection open on this instance. */
  connectedUsers: () => number;
}

/**
 * `POST /admin/testR`: an admin's test alert (`testR`) to every connected user, and into every
 * active user's notification centre, so that one offline sees it at the next login; admins only,
 * as it reaches everyone. Answers how many it reached: connected users are this instance's
 * (docs/decisions.md "The test alert").
 */
export async function sendTestAlert(
  deps: TestAlertDeps,
  principal: Principal | null,
  message: string,
): Promise<TestAlertResult> {
  requireAdmin(principal, { write: true });
  const notified = await deps.db
    .transaction()
    .execute(async (trx) =>
      notify(trx, await everyActiveUser(trx), { kind: 'testAlert', link: null, payload: { message }, at: deps.now() }),
    );
  // Counted before the push goes out: a connection that closes meanwhile was still there to receive it.
  const connectedUsers = deps.connectedUsers();
  deps.push.publish(testAlert(message));
  publishNotified(deps.push, notified);
  return { connectedUsers, notifiedUsers: notified.length };
}
