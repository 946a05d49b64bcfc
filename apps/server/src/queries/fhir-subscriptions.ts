import type { Executor } from '../db/executor';

// FHIR subscriptions in force (docs/fhir.md "Subscriptions"): not switched off, their system client not
// revoked. Events, heartbeats and the admin's home all start from them; here so that the dashboards'
// repository may read them too (docs/architecture.md "Module walls").

/** The subscriptions in force, joined with their client. */
export function subscriptionsInForce(executor: Executor) {
  return executor
    .selectFrom('fhirSubscriptions')
    .innerJoin('systemClients', 'systemClients.id', 'fhirSubscriptions.clientId')
    .where('fhirSubscriptions.status', '!=', 'off')
    .where('systemClients.revokedAt', 'is', null);
}

/** The subscriptions in error, with their client and organisation's name, oldest error first (the admin's home). */
export function subscriptionsInError(executor: Executor) {
  return subscriptionsInForce(executor)
    .leftJoin('clinics', (join) =>
      join
        .onRef('clinics.id', '=', 'fhirSubscriptions.organisationId')
        .on('fhirSubscriptions.organisationType', '=', 'clinic'),
    )
    .leftJoin('eutes', (join) =>
      join
        .onRef('eutes.id', '=', 'fhirSubscriptions.organisationId')
        .on('fhirSubscriptions.organisationType', '=', 'eute'),
    )
    .select((eb) => [
      'fhirSubscriptions.id',
      'fhirSubscriptions.endpoint',
      'fhirSubscriptions.topic',
      'fhirSubscriptions.lastError',
      'fhirSubscriptions.errorSince',
      'fhirSubscriptions.organisationType',
      'fhirSubscriptions.organisationId',
      'systemClients.id as clientId',
      'systemClients.name as clientName',
      eb.fn
        .coalesce('clinics.cName', 'eutes.name', 'fhirSubscriptions.organisationId')
        .$castTo<string>()
        .as('organisationName'),
    ])
    .where('fhirSubscriptions.status', '=', 'error')
    .orderBy('fhirSubscriptions.errorSince')
    .orderBy('fhirSubscriptions.id')
    .execute();
}
