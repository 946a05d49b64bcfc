import { type RequestState } from '@graftmatch/domain';
import type { GraftRequestRow } from '../../db/types';
import { patientReference, reference, type FhirResource } from './fhir.mapping';

// A request as R5 ServiceRequest, BiologicallyDerivedProductDispense and Procedure (docs/fhir.md).

/** What each request state becomes in R5 (docs/fhir.md): codes of the required value sets only. */
export const REQUEST_STATE_MAP: Record<
  RequestState,
  {
    serviceRequest: 'active' | 'completed' | 'revoked';
    dispense: 'allocated' | 'issued' | 'unfulfilled' | 'returned' | null;
    procedure: 'completed' | null;
  }
> = {
  requested: { serviceRequest: 'active', dispense: null, procedure: null },
  reserved: { serviceRequest: 'active', dispense: 'allocated', procedure: null },
  confirmed: { serviceRequest: 'active', dispense: 'allocated', procedure: null },
  assigned: { serviceRequest: 'active', dispense: 'allocated', procedure: null },
  delivered: { serviceRequest: 'active', dispense: 'issued', procedure: null },
  implanted: { serviceRequest: 'completed', dispense: 'issued', procedure: 'completed' },
  returned: { serviceRequest: 'revoked', dispense: 'returned', procedure: null },
  declined: { serviceRequest: 'revoked', dispense: 'unfulfilled', procedure: null },
  lapsed: { serviceRequest: 'revoked', dispense: 'unfulfilled', procedure: null },
  withdrawn: { serviceRequest: 'revoked', dispense: 'unfulfilled', procedure: null },
};

/** A request as the mapping needs it: its row, and the day its graft was handed over (the delivery step), if any. */
export type RequestRecord = Pick<
  GraftRequestRow,
  'id' | 'graftId' | 'euteId' | 'clinicId' | 'state' | 'implantedOn' | 'patientCode' | 'createdAt' | 'updatedAt'
> & { handedOverOn: string | null };

const HANDED_OVER_STATES: readonly RequestState[] = ['delivered', 'implanted', 'returned'];

export function requestToServiceRequest(request: RequestRecord): FhirResource {
  return {
    resourceType: 'ServiceRequest',
    id: request.id,
    meta: { lastUpdated: request.updatedAt },
    status: REQUEST_STATE_MAP[request.state].serviceRequest,
    intent: 'order',
    subject: patientReference(request.patientCode),
    authoredOn: request.createdAt,
    requester: reference('Organization', request.clinicId),
    performer: [reference('Organization', request.euteId)],
  };
}

/** The request's hand-over, or null while nothing was allocated (a plain request). */
export function requestToDispense(request: RequestRecord): FhirResource | null {
  const status = REQUEST_STATE_MAP[request.state].dispense;
  if (status === null) {
    return null;
  }
  const dispense: FhirResource = {
    resourceType: 'BiologicallyDerivedProductDispense',
    id: request.id,
    meta: { lastUpdated: request.updatedAt },
    basedOn: [reference('ServiceRequest', request.id)],
    status,
    product: reference('BiologicallyDerivedProduct', request.graftId),
    patient: patientReference(request.patientCode),
  };
  const handedOver = HANDED_OVER_STATES.includes(request.state) ? request.handedOverOn : null;
  if (handedOver) {
    dispense.whenHandedOver = handedOver;
  }
  return dispense;
}

/** The implantation, for an implanted request only. */
export function requestToProcedure(request: RequestRecord): FhirResource | null {
  const status = REQUEST_STATE_MAP[request.state].procedure;
  if (status === null) {
    return null;
  }
  const procedure: FhirResource = {
    resourceType: 'Procedure',
    id: request.id,
    meta: { lastUpdated: request.updatedAt },
    basedOn: [reference('ServiceRequest', request.id)],
    status,
    code: { text: 'Homograft implantation' },
    subject: patientReference(request.patientCode),
    performer: [{ actor: reference('Organization', request.clinicId) }],
    used: [{ reference: reference('BiologicallyDerivedProduct', request.graftId) }],
  };
  if (request.implantedOn) {
    procedure.occurrenceDateTime = request.implantedOn;
  }
  return procedure;
}

/** Every resource of a request, in Bundle order. */
export function requestResources(request: RequestRecord): FhirResource[] {
  return [requestToServiceRequest(request), requestToDispense(request), requestToProcedure(request)].filter(
    (resource): resource is FhirResource => resource !== null,
  );
}
