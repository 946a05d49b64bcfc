import { randomUUID } from 'node:crypto';
import type { AddPushSubscriptionRequest, PushDevice, PushDeviceList, VapidPublicKey } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/types';
import { notFound } from '../../http/problem';
import type { MailSealer } from '../../mail/sealed-body';
import { recordAudit } from '../audit/audit.service';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import * as repo from './alerts.repository';

// The devices a user subscribed for Web Push (docs/api.md "Alerts"). A subscription belongs to
// the session that made it: logging out of that device, ending the session or deactivating the
// user ends it. The browser's auth secret is kept sealed (docs/security.md "Web Push").

export interface SubscriptionsDeps {
  db: Kysely<DB>;
  now: () => Date;
  sealer: MailSealer;
  vapidPublicKey: string;
}

export interface DeviceCaller {
  principal: Principal | null;
  sessionId: string | null;
  ip: string | null;
}

const toDevice = (
  row: Awaited<ReturnType<typeof repo.listSubscriptions>>[number],
  sessionId: string | null,
): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt,
  lastDeliveredAt: row.lastDeliveredAt,
  thisDevice: sessionId !== null && row.sessionId === sessionId,
});

/** `GET /push/vapid-public-key`: for any signed-in user, to subscribe a device. */
export function vapidKeyFor(
  deps: Pick<SubscriptionsDeps, 'vapidPublicKey'>,
  principal: Principal | null,
): VapidPublicKey {
  requireUser(principal);
  return { publicKey: deps.vapidPublicKey };
}

/** `GET /me/push-subscriptions`: the caller's devices, newest first. */
export async function listMyDevices(deps: SubscriptionsDeps, caller: DeviceCaller): Promise<PushDeviceList> {
  const { userId } = requireUser(caller.principal);
  const rows = await repo.listSubscriptions(deps.db, userId);
  return { items: rows.map((row) => toDevice(row, caller.sessionId)) };
}

/**
 * `POST /me/push-subscriptions`: one endpoint is one device. Subscribing it again (the browser
 * renewed its keys, or another user signed in on it) replaces the old subscription, so a shared
 * device never pushes to the one who left it.
 */
export async function addMyDevice(
  deps: SubscriptionsDeps,
  caller: DeviceCaller,
  body: AddPushSubscriptionRequest,
): Promise<PushDevice> {
  const { userId } = requireUser(caller.principal);
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const previous = await repo.findSubscriptionByEndpoint(trx, body.endpoint);
    if (previous) {
      await repo.deleteSubscription(trx, previous.id);
    }
    const id = randomUUID();
    const label = body.label ?? previous?.label ?? 'Browser';
    await repo.insertSubscription(trx, {
      id,
      userId,
      sessionId: caller.sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: deps.sealer.seal(id, body.keys.auth),
      label,
      createdAt: at.toISOString(),
      lastDeliveredAt: null,
    });
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.pushdevice.add',
      targetType: 'user',
      targetId: userId,
      after: { device: id, label },
      ip: caller.ip,
      at,
    });
    const [row] = (await repo.listSubscriptions(trx, userId)).filter((device) => device.id === id);
    return toDevice(row!, caller.sessionId);
  });
}

/** `DELETE /me/push-subscriptions/{id}`: only one's own; another's is "not found". */
export async function removeMyDevice(deps: SubscriptionsDeps, caller: DeviceCaller, id: string): Promise<void> {
  const { userId } = requireUser(caller.principal);
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if ((await repo.deleteSubscription(trx, id, userId)) === 0) {
      throw notFound({ key: 'problem.alerts.noSuchDevice' });
    }
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.pushdevice.remove',
      targetType: 'user',
      targetId: userId,
      before: { device: id },
      ip: caller.ip,
      at,
    });
  });
}

/** With the end of these sessions (logout, ended sessions), their devices stop receiving pushes. */
export function endSessionDevices(executor: Executor, sessionIds: readonly string[]): Promise<void> {
  return repo.deleteSessionSubscriptions(executor, sessionIds);
}

/** With a user's deactivation, none of their devices receives pushes again. */
export function endUserDevices(executor: Executor, userId: string): Promise<void> {
  return repo.deleteUserSubscriptions(executor, userId);
}
