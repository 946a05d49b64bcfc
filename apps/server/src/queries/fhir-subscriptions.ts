import type { Executor } from '../db/executor';

// The FHIR subscriptions in error (docs/fhir.md "Subscriptions"), read by the admin's home; here so
// that the dashboards' repository may use it (docs/architecture.md "Module walls").

/** The subscriptions in error, with their client and organisation, oldest error first (the admin's home). */
export function subscriptionsInError(executor: Executor) {
  return executor
    .selectFrom('fhirSubscriptions')
    .innerJoin('systemClients', 'systemClients.id', 'fhirSubscriptions.clientId')
    .select([
      'fhirSubscriptions.id',
      'fhirSubscriptions.endpoint',
      'fhirSubscriptions.topic',
      'fhirSubscriptions.lastError',
      'fhirSubscriptions.errorSince',
      'fhirSubscriptions.organisationType',
      'fhirSubscriptions.organisationId',
      'systemClients.id as clientId',
      'systemClients.name as clientName',
    ])
    .where('fhirSubscriptions.status', '=', 'error')
    .where('systemClients.revokedAt', 'is', null)
    .orderBy('fhirSubscriptions.errorSince')
    .orderBy('fhirSubscriptions.id')
    .execute();
}
