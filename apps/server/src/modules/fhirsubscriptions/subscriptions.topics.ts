import type { SsoOrganisationType } from '../../db/types';
import { FHIR_BASE, type FhirResource } from '../fhir/fhir.mapping';

// The two topics a system client may subscribe to (docs/fhir.md "Subscriptions"): each for one kind of
// organisation, each event about one graft (its BiologicallyDerivedProduct is the focus).

/** What happened to a graft, as the topics name it. */
export type GraftEventTrigger = 'requested' | 'assigned' | 'delivered' | 'implanted' | 'returned' | 'quarantined';

export interface Topic {
  /** The last part of the canonical URL, and the SubscriptionTopic's id. */
  id: string;
  url: string;
  title: string;
  description: string;
  /** Whose system may subscribe; events go to that organisation's subscriptions. */
  organisationType: SsoOrganisationType;
  triggers: readonly GraftEventTrigger[];
}

const topic = (id: string, rest: Omit<Topic, 'id' | 'url'>): Topic => ({
  id,
  url: `${FHIR_BASE}/SubscriptionTopic/${id}`,
  ...rest,
});

export const TOPICS: readonly Topic[] = [
  topic('clinic-graft-state', {
    title: 'A graft assigned to my clinic changed state',
    description:
      'A graft the bank assigned to one of the clinic’s requests was assigned, delivered, implanted or returned.',
    organisationType: 'clinic',
    triggers: ['assigned', 'delivered', 'implanted', 'returned'],
  }),
  topic('bank-graft-events', {
    title: 'A graft of my bank was requested, quarantined or implanted',
    description:
      'A physician requested one of the bank’s grafts, a vigilance report quarantined it, or it was implanted.',
    organisationType: 'eute',
    triggers: ['requested', 'quarantined', 'implanted'],
  }),
];

export const topicByUrl = (url: string) => TOPICS.find((candidate) => candidate.url === url);

/** The R5 SubscriptionTopic of a topic. */
export function topicResource(item: Topic, date: string): FhirResource {
  return {
    resourceType: 'SubscriptionTopic',
    id: item.id,
    url: item.url,
    title: item.title,
    status: 'active',
    date,
    description: item.description,
    resourceTrigger: [
      {
        description: `The graft was ${item.triggers.join(', ')}.`,
        resource: 'http://hl7.org/fhir/StructureDefinition/BiologicallyDerivedProduct',
        supportedInteraction: ['update'],
      },
    ],
    notificationShape: [{ resource: 'http://hl7.org/fhir/StructureDefinition/BiologicallyDerivedProduct' }],
  };
}
