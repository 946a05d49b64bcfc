import type { SsoOrganisationType } from '../db/types';

// A system reading for its organisation, without a person: a tissue bank's API key (its bank), or
// a registered system client (its clinic or bank; docs/fhir.md "System clients"). The modules'
// rules for people say what a user reads; a machine reads what its organisation's records are.

/** A reader that is an organisation's own system. */
export interface MachineReader {
  machineOf: { type: SsoOrganisationType; id: string };
}

/** Whether a record of a bank and (once assigned) a clinic is the machine's organisation's. */
export function machineReads(reader: MachineReader, record: { euteId: string; clinicId: string | null }): boolean {
  const { type, id } = reader.machineOf;
  return type === 'eute' ? record.euteId === id : record.clinicId === id;
}

/** The machine's organisation as the ids a list is narrowed to. */
export function machineScope(reader: MachineReader): { clinicIds: string[]; euteIds: string[] } {
  const { type, id } = reader.machineOf;
  return type === 'eute' ? { clinicIds: [], euteIds: [id] } : { clinicIds: [id], euteIds: [] };
}
