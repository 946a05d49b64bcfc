import type { GraftRequest } from '@graftmatch/domain';
import { utcDate } from '@graftmatch/domain';
import { conflict } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { publishNotified } from '../notifications/notifications.service';
import { requestToWire } from './requests.mapper';
import { tellOfRequestState } from './requests.notify';
import { requireRequestSide } from './requests.policy';
import * as repo from './requests.repository';
import { checkPackageCode } from './requests.scan';
import { announce, type RequestsDeps } from './requests.service';

/**
 * `POST /physician/requests/{id}/receive`: the clinic checks the delivered package against the
 * request. A match records the receipt with its audit row and tells both sides; a mismatch is
 * refused naming both codes (and audited by `checkPackageCode`). The state stays delivered.
 */
export async function receiveGraft(deps: RequestsDeps, actor: Actor, id: string, sec: string): Promise<GraftRequest> {
  const found = await repo.findRequest(deps.db, id);
  const caller = requireRequestSide(actor.principal, 'physician', found);
  const request = found as repo.RequestDetails;
  if (request.state !== 'delivered') {
    throw conflict({ key: 'problem.requests.receiveOnlyDelivered', params: { state: request.state } });
  }
  if (request.receivedAt !== null) {
    throw conflict({ key: 'problem.requests.alreadyReceived', params: { lot: request.eLot, at: request.receivedAt } });
  }
  const code = await checkPackageCode(deps, request, sec, { step: 'receive', userId: caller.userId, ip: actor.ip });
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markReceived(trx, id, caller.userId, now.toISOString()))) {
      throw conflict({ key: 'problem.requestChanged' });
    }
    const received = (await repo.findRequest(trx, id))!;
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'request.receive',
      targetType: 'graftRequest',
      targetId: id,
      before: { state: request.state, receivedAt: null },
      after: { code, receivedAt: received.receivedAt },
      ip: actor.ip,
      at: now,
    });
    return { received, notified: await tellOfRequestState(trx, deps, received, 'receive', now) };
  });
  deps.mailer.wake();
  publishNotified(deps.push, row.notified);
  await announce(deps, [id], false);
  return requestToWire(row.received, 'physician', utcDate(now));
}
