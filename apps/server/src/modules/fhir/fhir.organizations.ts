import type { ClinicRow, EuteRow } from '../../db/types';
import { SYSTEMS, type FhirResource } from './fhir.mapping';

// Banks and clinics as R5 Organizations (docs/fhir.md).

export function bankToOrganization(bank: EuteRow): FhirResource {
  const organization: FhirResource = {
    resourceType: 'Organization',
    id: bank.id,
    active: bank.active === 1,
    type: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }],
        text: 'Tissue establishment',
      },
    ],
    name: bank.name,
  };
  if (bank.euteNumber) {
    organization.identifier = [{ system: SYSTEMS.euteNumber, value: bank.euteNumber }];
  }
  const telecom = [
    bank.phone ? { system: 'phone', value: bank.phone } : null,
    bank.email ? { system: 'email', value: bank.email } : null,
  ].filter((point) => point !== null);
  const line = [bank.address, bank.housenumber].filter(Boolean).join(' ');
  const address = Object.fromEntries(
    Object.entries({
      line: line ? [line] : null,
      city: bank.city,
      postalCode: bank.zipcode,
      country: bank.country,
    }).filter(([, value]) => value !== null && value !== ''),
  );
  if (telecom.length > 0 || Object.keys(address).length > 0) {
    organization.contact = [
      {
        ...(telecom.length > 0 ? { telecom } : {}),
        ...(Object.keys(address).length > 0 ? { address } : {}),
      },
    ];
  }
  return organization;
}

export function clinicToOrganization(clinic: ClinicRow): FhirResource {
  return {
    resourceType: 'Organization',
    id: clinic.id,
    active: clinic.active === 1,
    type: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }], text: 'Clinic' },
    ],
    name: clinic.cName,
  };
}
