import { scopesAllow } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { SsoOrganisationType } from '../../db/types';
import { forbidden, notFound } from '../../http/problem';
import type { FhirCaller } from '../fhir/fhir.caller';
import type { FhirVersion } from '../fhir/fhir.r4';
import type { FhirDeps } from '../fhir/fhir.service';
import * as repo from './subscriptions.repository';

// Who manages subscriptions (docs/fhir.md "Subscriptions"): a registered system client, its own only.

/** The FHIR base's own: the version answered decides which subscriptions a call sees. */
export type FhirSubscriptionDeps = FhirDeps;

export interface Subscriber {
  clientId: string;
  organisation: { type: SsoOrganisationType; id: string };
  scopes: readonly string[];
}

/** The system client calling, or 403: people and API keys have no subscriptions. */
export function subscriberOf(caller: FhirCaller): Subscriber {
  if (caller.kind !== 'machine' || caller.clientId === undefined || caller.scopes === 'all') {
    throw forbidden({ key: 'problem.subscriptions.whoSubscribes' });
  }
  return { clientId: caller.clientId, organisation: caller.reader.machineOf, scopes: caller.scopes };
}

/** A notification is about a graft: the client must be allowed to read one. */
export function requireProductScope(subscriber: Subscriber) {
  if (!scopesAllow(subscriber.scopes, 'BiologicallyDerivedProduct', 'read')) {
    throw forbidden({ key: 'problem.subscriptions.productScope' });
  }
}

/** The client's own subscription of this FHIR version, or 404 as for one that does not exist. */
export async function ownSubscription(executor: Executor, subscriber: Subscriber, id: string, version: FhirVersion) {
  const row = await repo.findSubscription(executor, id);
  if (!row || row.clientId !== subscriber.clientId || row.fhirVersion !== version) {
    throw notFound({ key: 'problem.subscriptions.notFound', params: { id } });
  }
  return row;
}
