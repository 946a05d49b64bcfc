import { type VigilanceReport } from '@graftmatch/domain';
import { SYSTEMS, patientReference, type FhirResource } from './fhir.mapping';

// A vigilance report as an R5 AdverseEvent (docs/fhir.md).

const KIND_DISPLAY = { SAR: 'Serious adverse reaction', SAE: 'Serious adverse event' } as const;
/** Annex III part B's outcomes in the outcome codes R4 bound and terminology.hl7.org keeps. */
const OUTCOME_CODES: Record<string, { code: string; display: string }> = {
  'complete-recovery': { code: 'resolved', display: 'Resolved' },
  'minor-sequelae': { code: 'resolvedWithSequelae', display: 'Resolved with Sequelae' },
  'serious-sequelae': { code: 'resolvedWithSequelae', display: 'Resolved with Sequelae' },
  death: { code: 'fatal', display: 'Fatal' },
  unknown: { code: 'unknown', display: 'Unknown' },
};
const words = (code: string) => code.replaceAll('-', ' ');
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const ourConcept = (system: string, code: string) => ({
  coding: [{ system, code, display: upper(words(code)) }],
  text: upper(words(code)),
});
const textItems = (...texts: (string | null | undefined)[]) =>
  texts
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .map((text) => ({
      itemCodeableConcept: { text },
    }));

/**
 * A vigilance report as an R5 AdverseEvent (docs/fhir.md "AdverseEvent"): the graft is the suspect
 * entity (a reference to its BiologicallyDerivedProduct); the subject is the recipient by the
 * pseudonymous patient code, or the donor by the donation; an SAE's deviations are the event's code.
 */
export function reportToAdverseEvent(report: VigilanceReport, input: { graftId: string; donation: string | null }) {
  const sar = report.sar;
  const sae = report.sae;
  const notification = (sar?.notification ?? sae?.notification)!;
  const donor = input.donation
    ? {
        type: 'Patient',
        identifier: { system: SYSTEMS.donation, value: input.donation },
        display: `Donor of donation ${input.donation}`,
      }
    : { type: 'Patient', display: 'Donor of the graft (no donation identification recorded)' };
  const recipient =
    sar?.notification.individualAffected !== 'donor' && sar?.notification.patientCode
      ? { type: 'Patient', ...patientReference(sar.notification.patientCode) }
      : null;
  const subject = sar && recipient ? recipient : donor;
  const occurred = sar ? sar.notification.reactionDate : sae!.notification.eventDate;
  const code = sar
    ? sar.notification.reactionType
      ? { text: sar.notification.reactionType }
      : null
    : sae!.notification.deviations.length > 0
      ? {
          coding: sae!.notification.deviations.map((deviation) => ({
            system: SYSTEMS.deviation,
            code: `${deviation.stage}/${deviation.cause}`,
            display: `${upper(deviation.stage)}: ${words(deviation.cause)}`,
          })),
          text: sae!.notification.deviations
            .map((deviation) => `Deviation in ${deviation.stage}: ${words(deviation.cause)}`)
            .join('; '),
        }
      : null;
  const severity = notification.severity;
  const outcome = sar?.confirmation.clinicalOutcome ? OUTCOME_CODES[sar.confirmation.clinicalOutcome] : undefined;
  const resource: FhirResource = {
    resourceType: 'AdverseEvent',
    id: report.id,
    meta: { lastUpdated: report.updatedAt },
    identifier: [{ system: SYSTEMS.vigilanceReport, value: notification.reportIdentification }],
    status: report.state === 'confirmed' ? 'completed' : 'in-progress',
    actuality: 'actual',
    category: [{ coding: [{ system: SYSTEMS.vigilanceKind, code: report.kind, display: KIND_DISPLAY[report.kind] }] }],
    subject,
    detected: report.discoveredAt,
    recordedDate: report.createdAt,
    // A SAR or SAE is serious by definition; only the reporter's preliminary assessment says otherwise.
    seriousness: {
      coding: [
        {
          system: SYSTEMS.seriousness,
          code: severity === 'non-serious' ? 'non-serious' : 'serious',
          display: severity === 'non-serious' ? 'Non-serious' : 'Serious',
        },
      ],
      ...(severity ? { text: upper(words(severity)) } : {}),
    },
    suspectEntity: [
      {
        instanceReference: { reference: `BiologicallyDerivedProduct/${input.graftId}`, display: `Graft ${report.lot}` },
        ...(notification.imputability
          ? { causality: { entityRelatedness: ourConcept(SYSTEMS.imputability, notification.imputability) } }
          : {}),
      },
    ],
  };
  if (code) {
    resource.code = code;
  }
  if (occurred) {
    resource.occurrenceDateTime = occurred;
  }
  if (outcome && sar?.confirmation.clinicalOutcome) {
    resource.outcome = [
      {
        coding: [
          { system: SYSTEMS.outcome, code: outcome.code, display: outcome.display },
          {
            system: SYSTEMS.clinicalOutcome,
            code: sar.confirmation.clinicalOutcome,
            display: upper(words(sar.confirmation.clinicalOutcome)),
          },
        ],
        text: upper(words(sar.confirmation.clinicalOutcome)),
      },
    ];
  }
  const mitigating = textItems(notification.mitigatingMeasures);
  if (mitigating.length > 0) {
    resource.mitigatingAction = mitigating;
  }
  const preventive = textItems(sar?.confirmation.correctiveActions, sae?.confirmation.correctiveMeasures);
  if (preventive.length > 0) {
    resource.preventiveAction = preventive;
  }
  const notes = [
    notification.description,
    sar?.confirmation.investigationOutcome,
    sae?.confirmation.rootCauseAnalysis ? `Root cause analysis: ${sae.confirmation.rootCauseAnalysis}` : null,
  ].filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  if (notes.length > 0) {
    resource.note = notes.map((text) => ({ text }));
  }
  return resource;
}
