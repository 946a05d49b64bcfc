import { type FhirResource } from './fhir.mapping';

// An R5 AdverseEvent in its R4 (4.0.1) form (docs/fhir.md "R4"): R4 has one identifier, no status,
// `event` for R5's code, `date` for its occurrence, one outcome and `suspectEntity.instance`. Elements
// without an R4 home are HL7's cross-version extensions (fhir.r4.ts).

type Json = Record<string, unknown>;

const xverUrl = (element: string) => `http://hl7.org/fhir/5.0/StructureDefinition/extension-AdverseEvent.${element}`;

/** An R5 action (`mitigatingAction`, `preventiveAction`) as a complex extension: its `item[x]` a sub-extension. */
function actionExtension(element: string, action: Json): Json {
  const itemKey = Object.keys(action).find((key) => key.startsWith('item'))!;
  return {
    url: xverUrl(element),
    extension: [{ url: 'item', [`value${itemKey.slice('item'.length)}`]: action[itemKey] }],
  };
}

export function adverseEventToR4(event: FhirResource): FhirResource {
  const {
    identifier,
    status,
    code,
    occurrenceDateTime,
    outcome,
    suspectEntity,
    mitigatingAction,
    preventiveAction,
    note,
    extension,
    ...same
  } = event as Json;
  const identifiers = (identifier as Json[] | undefined) ?? [];
  const outcomes = (outcome as Json[] | undefined) ?? [];
  const extensions: Json[] = [...((extension as Json[] | undefined) ?? [])];
  // R4 has one identifier: the first is `identifier`, any other its extension.
  for (const other of identifiers.slice(1)) {
    extensions.push({ url: xverUrl('identifier'), valueIdentifier: other });
  }
  if (status !== undefined) {
    extensions.push({ url: xverUrl('status'), valueCode: status });
  }
  for (const other of outcomes.slice(1)) {
    extensions.push({ url: xverUrl('outcome'), valueCodeableConcept: other });
  }
  for (const action of (mitigatingAction as Json[] | undefined) ?? []) {
    extensions.push(actionExtension('mitigatingAction', action));
  }
  for (const action of (preventiveAction as Json[] | undefined) ?? []) {
    extensions.push(actionExtension('preventiveAction', action));
  }
  for (const annotation of (note as Json[] | undefined) ?? []) {
    extensions.push({ url: xverUrl('note'), valueAnnotation: annotation });
  }
  const r4: Json = { ...same };
  if (identifiers[0]) {
    r4.identifier = identifiers[0];
  }
  if (code !== undefined) {
    r4.event = code;
  }
  if (occurrenceDateTime !== undefined) {
    r4.date = occurrenceDateTime;
  }
  if (outcomes[0]) {
    r4.outcome = outcomes[0];
  }
  if (suspectEntity !== undefined) {
    r4.suspectEntity = (suspectEntity as Json[]).map(({ instanceReference, instanceCodeableConcept, causality }) => {
      const entity: Json = {};
      if (instanceReference) {
        entity.instance = instanceReference;
      } else {
        // R4's instance is a Reference only: a coded instance is told in its display.
        entity.instance = { display: (instanceCodeableConcept as { text?: string } | undefined)?.text ?? 'Unknown' };
        entity.extension = [{ url: xverUrl('suspectEntity.instance'), valueCodeableConcept: instanceCodeableConcept }];
      }
      // R5's one causality, its entity relatedness, is R4's causality assessment.
      const relatedness = (causality as { entityRelatedness?: Json } | undefined)?.entityRelatedness;
      if (relatedness) {
        entity.causality = [{ assessment: relatedness }];
      }
      return entity;
    });
  }
  return (extensions.length > 0 ? { ...r4, extension: extensions } : r4) as FhirResource;
}
