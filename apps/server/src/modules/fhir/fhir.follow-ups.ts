import { exportedFollowUp, exportedFollowUps, type ExportedFollowUp } from '../followups/followups.export';
import { readerOf, type FhirCaller } from './fhir.caller';
import { followUpToObservation, OBSERVATION_STATUS, type ObservedState } from './fhir.observation';
import {
  dateFilter,
  paging,
  productReference,
  requireKnown,
  searchBundle,
  tokens,
  type FhirDeps,
} from './fhir.service';
import type { FhirResource } from './fhir.mapping';

// Follow-ups as Observations (docs/fhir.md "Observation"): read and search. Who reads which is the
// follow-ups module's rule, not the FHIR API's: admins, who read every graft here, read no follow-up.

const OBSERVATION_PARAMETERS = ['focus', 'status', 'date', '_count', '_offset'];

export const observationOf = ({ followUp, graftId, clinicId }: ExportedFollowUp): FhirResource =>
  followUpToObservation(followUp, { graftId, clinicId });

/** `GET Observation/{id}`: a recorded or lost follow-up the caller reads; 404 otherwise. */
export async function readObservation(deps: FhirDeps, caller: FhirCaller, id: string): Promise<FhirResource> {
  return observationOf(await exportedFollowUp(deps, readerOf(caller), id));
}

/** `GET Observation?focus=&status=&date=`: by lot, then day. */
export async function searchObservations(
  deps: FhirDeps,
  caller: FhirCaller,
  params: URLSearchParams,
): Promise<FhirResource> {
  requireKnown(params, OBSERVATION_PARAMETERS);
  const page = paging(params);
  const statuses = tokens(params, 'status')?.map(({ code }) => code);
  const states = (Object.keys(OBSERVATION_STATUS) as ObservedState[]).filter(
    (state) => statuses === undefined || statuses.includes(OBSERVATION_STATUS[state]),
  );
  const filter = {
    states,
    graftIds: productReference(params, 'focus', 'problem.fhir.focusReference'),
    days: dateFilter(params, 'date', 'problem.fhir.observationDate'),
  };
  const found = await exportedFollowUps(deps, readerOf(caller), filter, page);
  return searchBundle(deps, 'Observation', params, found.items.map(observationOf), found.total, page);
}
