import { recordAudit } from '../audit/audit.service';
import type { FhirCaller } from '../fhir/fhir.caller';
import { ownSubscription, subscriberOf, type FhirSubscriptionDeps } from './subscriptions.caller';
import { subscriptionResource } from './subscriptions.resource';
import * as repo from './subscriptions.repository';

/**
 * `DELETE Subscription/{id}`: the client ends its subscription. It is switched off, not deleted
 * (docs/fhir.md "Subscriptions"): no notification goes out any more, queued ones included, and
 * reading it shows status `off`. Ending one that is off already answers it as it is.
 */
export async function endSubscription(deps: FhirSubscriptionDeps, caller: FhirCaller, id: string, ip: string) {
  const subscriber = subscriberOf(caller);
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await ownSubscription(trx, subscriber, id, deps.version);
    if (current.status !== 'off') {
      await repo.endSubscription(trx, id, now.toISOString());
      await recordAudit(trx, {
        actorUserId: null,
        action: 'fhirsubscription.end',
        targetType: 'fhirSubscription',
        targetId: id,
        before: { status: current.status },
        after: { status: 'off', clientId: subscriber.clientId },
        ip,
        at: now,
      });
    }
    return (await repo.findSubscription(trx, id))!;
  });
  return subscriptionResource(row);
}
