import type { FollowUp, FollowUpRecord } from '@graftmatch/domain';
import { SYSTEMS, patientReference, reference, type FhirResource } from './fhir.mapping';

// A follow-up as an R5 Observation (docs/fhir.md "Observation"): one per follow-up, each answer of
// the form a component. Our codes throughout; no LOINC or SNOMED CT concept is claimed for them.

/** A follow-up recorded (`final`) or marked lost (`cancelled`: nothing was observed). */
export const OBSERVATION_STATUS = { done: 'final', lost: 'cancelled' } as const;
export type ObservedState = keyof typeof OBSERVATION_STATUS;

const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const words = (code: string) => upper(code.replaceAll('-', ' '));
const concept = (system: string, code: string, display = words(code)) => ({
  coding: [{ system, code, display }],
  text: display,
});

/** `P30D` → 30 days after implantation, `P1Y` → 1 year …; null is an unscheduled event. */
function visitDisplay(visit: string | null): string {
  const match = /^P(\d+)([DY])$/.exec(visit ?? '');
  if (!match) {
    return 'Unscheduled event';
  }
  const count = Number(match[1]);
  const unit = match[2] === 'D' ? 'day' : 'year';
  return `${count} ${unit}${count === 1 ? '' : 's'} after implantation`;
}

type Component = Record<string, unknown>;
const component = (code: string, display: string, value: Record<string, unknown>): Component => ({
  code: concept(SYSTEMS.followUp, code, display),
  ...value,
});
const coded = (code: string, display: string, system: string, value: string, valueDisplay?: string) =>
  component(code, display, { valueCodeableConcept: concept(system, value, valueDisplay) });
const mmHg = (value: number) => ({ valueQuantity: { value, unit: 'mmHg', system: SYSTEMS.ucum, code: 'mm[Hg]' } });

/** Each answer of the record as a component; a detail not given is left out, an event not had is false. */
function components(record: FollowUpRecord): Component[] {
  const parts: (Component | null)[] = [
    coded('patient-status', 'Patient status', SYSTEMS.patientStatus, record.patientStatus),
    record.deathDate === null ? null : component('death-date', 'Date of death', { valueDateTime: record.deathDate }),
    record.deathCause === null ? null : coded('death-cause', 'Cause of death', SYSTEMS.deathCause, record.deathCause),
    coded('graft-status', 'Graft status', SYSTEMS.graftStatus, record.graftStatus),
    record.reinterventionDate === null
      ? null
      : component('reintervention-date', 'Date of reintervention', { valueDateTime: record.reinterventionDate }),
    record.reinterventionKind === null
      ? null
      : coded('reintervention-kind', 'Kind of reintervention', SYSTEMS.reinterventionKind, record.reinterventionKind),
    record.explantDate === null
      ? null
      : component('explant-date', 'Date of explant', { valueDateTime: record.explantDate }),
    record.explantReason === null
      ? null
      : component('explant-reason', 'Reason for explant', {
          valueCodeableConcept: {
            ...concept(SYSTEMS.explantReason, record.explantReason),
            // The reason in the physician's words when it is `other`.
            ...(record.explantReasonText ? { text: record.explantReasonText } : {}),
          },
        }),
    record.peakGradient === null
      ? null
      : component('peak-gradient', 'Peak gradient (echocardiography)', mmHg(record.peakGradient)),
    record.meanGradient === null
      ? null
      : component('mean-gradient', 'Mean gradient (echocardiography)', mmHg(record.meanGradient)),
    record.regurgitation === null
      ? null
      : coded('regurgitation', 'Regurgitation (echocardiography)', SYSTEMS.regurgitationGrade, record.regurgitation),
    record.nyhaClass === null
      ? null
      : coded('nyha-class', 'NYHA class', SYSTEMS.nyhaClass, record.nyhaClass, `NYHA class ${record.nyhaClass}`),
    component('endocarditis', 'Endocarditis since the last follow-up', { valueBoolean: record.endocarditis }),
    component('thromboembolism', 'Thromboembolism since the last follow-up', { valueBoolean: record.thromboembolism }),
    component('major-bleeding', 'Major bleeding since the last follow-up', { valueBoolean: record.majorBleeding }),
  ];
  return parts.filter((part): part is Component => part !== null);
}

/**
 * A recorded or lost follow-up as an R5 Observation: the patient by the pseudonymous code as
 * subject, the graft's BiologicallyDerivedProduct as focus, the clinic as performer, the visit as
 * category. A lost one has no components but a data-absent reason and the clinic's reason as note.
 */
export function followUpToObservation(followUp: FollowUp, refs: { graftId: string; clinicId: string }): FhirResource {
  const record = followUp.record;
  return {
    resourceType: 'Observation',
    id: followUp.id,
    meta: { lastUpdated: followUp.updatedAt },
    status: OBSERVATION_STATUS[followUp.state as ObservedState],
    category: [concept(SYSTEMS.followUpVisit, followUp.visit ?? 'unscheduled', visitDisplay(followUp.visit))],
    code: concept(SYSTEMS.followUp, 'graft-follow-up', 'Homograft follow-up'),
    subject: patientReference(followUp.patient_Code),
    focus: [{ ...reference('BiologicallyDerivedProduct', refs.graftId), display: `Graft ${followUp.lot}` }],
    ...(record ? { effectiveDateTime: record.date } : {}),
    ...(followUp.recordedAt ? { issued: followUp.recordedAt } : {}),
    performer: [reference('Organization', refs.clinicId)],
    ...(record
      ? { component: components(record) }
      : {
          dataAbsentReason: {
            coding: [{ system: SYSTEMS.dataAbsentReason, code: 'unknown', display: 'Unknown' }],
            text: 'Lost to follow-up',
          },
          ...(followUp.lostReason ? { note: [{ text: followUp.lostReason }] } : {}),
        }),
  };
}
