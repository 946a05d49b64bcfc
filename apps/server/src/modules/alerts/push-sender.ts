import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { OutboxDelivery } from '../../mail/mail-worker';
import type { MailSealer } from '../../mail/sealed-body';
import * as repo from './alerts.repository';
import type { VapidIdentity } from './vapid';

// Sends one outbox push row to its device's push service (RFC 8030), encrypted for the device
// (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292). The mail worker calls
// it and retries by the answer (docs/api.md "Alerts"): a device the push service no longer knows
// (404, 410) is removed and the row fails; 429 and 5xx are tried again with the outbox's backoff.

/** How long a push service may keep an undelivered message for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** A refusal that sending again cannot help: the worker fails the row at once. */
class PushRefused extends Error {
  readonly responseCode = 550;
  constructor(readonly response: string) {
    super(response);
  }
}

/** A refusal for now (429, 5xx): the worker tries again later. */
class PushDeferred extends Error {
  readonly responseCode = 451;
  constructor(readonly response: string) {
    super(response);
  }
}

export function createPushSender(deps: {
  db: Kysely<DB>;
  vapid: VapidIdentity;
  sealer: MailSealer;
  now: () => Date;
  /** The TLS agent for the push services; tests trust their local one with it. */
  agent?: Agent;
}): OutboxDelivery {
  return {
    async deliver(subscriptionId, payload) {
      const subscription = await repo.findSubscription(deps.db, subscriptionId);
      if (!subscription) {
        throw new PushRefused('the device was removed');
      }
      try {
        await webPush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: deps.sealer.open(subscription.id, subscription.auth) },
          },
          payload,
          {
            vapidDetails: deps.vapid,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(deps.agent ? { agent: deps.agent } : {}),
          },
        );
      } catch (error) {
        if (!(error instanceof webPush.WebPushError)) {
          throw error;
        }
        const reason = `push service answered ${error.statusCode}`;
        if (error.statusCode === 404 || error.statusCode === 410) {
          await repo.deleteSubscription(deps.db, subscription.id);
          throw new PushRefused(`${reason}: the device unsubscribed; removed`);
        }
        throw error.statusCode === 429 || error.statusCode >= 500 ? new PushDeferred(reason) : new PushRefused(reason);
      }
      await repo.markDelivered(deps.db, subscription.id, deps.now().toISOString());
    },
  };
}
