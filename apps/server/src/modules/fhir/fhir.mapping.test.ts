import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ListStatus, REQUEST_STATES, StepStatus, type RequestState } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import type { GraftRow } from '../../db/types';
import { GRAFT_CLINIC_EXTENSION, SYSTEMS } from './fhir.mapping';
import { bankToOrganization, clinicToOrganization } from './fhir.organizations';
import { graftToProduct, productStatusOf } from './fhir.product';
import { productToRecord, type ProductColumn } from './fhir.product-record';
import {
  requestResources,
  requestToDispense,
  requestToProcedure,
  requestToServiceRequest,
  type RequestRecord,
} from './fhir.requests';
import { aGraftRow, BANK, CLINIC } from '../../../test/support/fhir-rows';

const R5 = join(createRequire(import.meta.url).resolve('hl7.fhir.r5.core/package.json'), '..');

/** The codes an R5 code system defines (every code of the value sets bound here comes from one). */
function r5Codes(codeSystem: string): string[] {
  const json = JSON.parse(readFileSync(join(R5, `CodeSystem-${codeSystem}.json`), 'utf8')) as {
    concept: { code: string }[];
  };
  return json.concept.map((concept) => concept.code);
}

function aRequest(state: RequestState, overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    graftId: 'c0ffee00-0000-4000-8000-000000000001',
    euteId: BANK.id,
    clinicId: CLINIC.id,
    state,
    implantedOn: state === 'implanted' ? '2026-04-02' : null,
    patientCode: state === 'implanted' ? 'M-04-2019' : null,
    createdAt: '2026-03-20T09:00:00.000Z',
    updatedAt: '2026-04-02T12:00:00.000Z',
    handedOverOn: ['delivered', 'implanted', 'returned'].includes(state) ? '2026-03-30' : null,
    ...overrides,
  };
}

describe('graft → BiologicallyDerivedProduct', () => {
  it('matches the golden resource', async () => {
    await expect(JSON.stringify(graftToProduct(aGraftRow(), BANK, '2026-05-01'), null, 2)).toMatchFileSnapshot(
      './golden/biologically-derived-product.json',
    );
  });

  it('carries the SEC as identifier, property, source event, division and expiry', () => {
    const product = graftToProduct(aGraftRow(), BANK, '2026-05-01');
    expect(product.identifier).toContainEqual(
      expect.objectContaining({ value: 'DE000123ABCDEF1234567E0001234001' + '20281231' }),
    );
    expect(product.biologicalSourceEvent).toEqual(expect.objectContaining({ value: 'DE000123' + 'ABCDEF1234567' }));
    expect(product.division).toBe('001');
    expect(product.expirationDate).toBe('2028-12-31');
  });

  it('gives each dimension in UCUM mm and leaves out the unknown ones', () => {
    const product = graftToProduct(aGraftRow({ tDdistal: null }), BANK, '2026-05-01');
    const quantities = (product.property as { valueQuantity?: { value: number; code: string } }[])
      .filter((entry) => entry.valueQuantity)
      .map((entry) => entry.valueQuantity);
    expect(quantities).toEqual([
      expect.objectContaining({ value: 21, code: 'mm' }),
      expect.objectContaining({ value: 40, code: 'mm' }),
      expect.objectContaining({ value: 60, code: 'mm' }),
    ]);
  });

  it('is available only while free, not expired and not quarantined, with codes of the R5 code system', () => {
    const codes = r5Codes('biologicallyderived-product-status');
    const cases = [
      [{ listStatus: ListStatus.Free, expiryDate: '2026-05-01', quarantined: 0 }, 'available'],
      [{ listStatus: ListStatus.Free, expiryDate: null, quarantined: 0 }, 'available'],
      [{ listStatus: ListStatus.Free, expiryDate: null, quarantined: 1 }, 'unavailable'],
      [{ listStatus: ListStatus.Free, expiryDate: '2026-04-30', quarantined: 0 }, 'unavailable'],
      [{ listStatus: ListStatus.Current, expiryDate: '2027-01-01', quarantined: 0 }, 'unavailable'],
      [{ listStatus: ListStatus.Archive, expiryDate: '2027-01-01', quarantined: 0 }, 'unavailable'],
      [{ listStatus: null, expiryDate: '2027-01-01', quarantined: 0 }, 'unavailable'],
    ] as const;
    for (const [graft, expected] of cases) {
      expect(productStatusOf(graft, '2026-05-01')).toBe(expected);
      expect(codes).toContain(expected);
    }
  });

  it('leaves out the SEC parts when the graft has no SEC', () => {
    const product = graftToProduct(aGraftRow({ xSec: null, expiryDate: null }), BANK, '2026-05-01');
    expect(product).not.toHaveProperty('biologicalSourceEvent');
    expect(product).not.toHaveProperty('expirationDate');
    expect(product).not.toHaveProperty('division');
  });
});

describe('BiologicallyDerivedProduct → graft columns (the import)', () => {
  /** The columns `productToRecord` gives back, taken from the graft row they came from. */
  const columnsOf = (graft: GraftRow, columns: Record<ProductColumn, unknown>) =>
    Object.fromEntries(Object.keys(columns).map((column) => [column, graft[column as ProductColumn]]));

  const graftsToRoundTrip: [string, GraftRow][] = [
    ['the golden graft', aGraftRow()],
    [
      'an assigned graft with every dimension, a text step and a clinic',
      aGraftRow({
        tLot: 'T-9',
        tProdName2: 2,
        tLleft: 12,
        tLright: 13.5,
        tDleft: 8,
        tDright: 9,
        cName: 'Demo Heart Clinic',
        clinicId: CLINIC.id,
        assignmentStatus: StepStatus.Done,
        assignmentOut: '2026-04-01',
        deliveryStatus: StepStatus.Open,
        deliveryOut: 'courier booked',
        listStatus: ListStatus.Current,
      }),
    ],
    [
      'a bare graft: no SEC, no dimensions, every step open',
      aGraftRow({
        xSec: null,
        xLot: null,
        tDproximal: null,
        tDdistal: null,
        tLmin: null,
        tLmax: null,
        decellularizationStatus: StepStatus.Open,
        decellularizationOut: null,
        releaseStatus: StepStatus.Open,
        releaseOut: null,
        expiryStatus: StepStatus.Open,
        expiryOut: null,
        traceabilityReportStatus: StepStatus.Open,
        traceabilityReportOut: null,
      }),
    ],
  ];

  it.each(graftsToRoundTrip)('gives back every column graftToProduct wrote: %s', (_name, graft) => {
    const record = productToRecord(graftToProduct(graft, BANK, '2026-05-01'));
    expect(record.errors).toEqual([]);
    expect(record.ignored).toEqual([]);
    expect(record.id).toBe(graft.id);
    expect(record.bank).toBe(BANK.euteNumber);
    expect(record.columns).toEqual(columnsOf(graft, record.columns));
  });

  it('writes the SEC with one space between its parts, from the identifier or the property alone', () => {
    const product = graftToProduct(
      aGraftRow({ xSec: 'de000123abcdef1234567e0001234001 20281231' }),
      BANK,
      '2026-05-01',
    );
    expect(productToRecord(product).columns.xSec).toBe('DE000123 ABCDEF1234567 E0001234 001 20281231');
    const propertyOnly = {
      ...product,
      identifier: (product.identifier as { system: string }[]).filter((id) => id.system !== SYSTEMS.sec),
    };
    expect(productToRecord(propertyOnly).columns.xSec).toBe('DE000123 ABCDEF1234567 E0001234 001 20281231');
  });

  it('names the element of each value it cannot read, and lists what it does not know', () => {
    const record = productToRecord({
      resourceType: 'BiologicallyDerivedProduct',
      identifier: [
        { system: 'https://graftmatch.org/fhir/sid/eute/DE-EUTE-1/e-lot', value: 'E-1' },
        { system: 'https://graftmatch.org/fhir/sid/eute/OTHER/x-lot', value: { nested: true } },
        { system: 'urn:oid:1.2.3', value: 'foreign' },
      ],
      productCode: { coding: [{ system: SYSTEMS.graftType, code: 'kidney' }] },
      property: [
        {
          type: { coding: [{ system: SYSTEMS.graftProperty, code: 'length-min' }] },
          valueQuantity: { value: 2, system: SYSTEMS.ucum, code: 'cm' },
        },
        { type: { coding: [{ system: SYSTEMS.graftProperty, code: 'step-release' }] }, valueString: 'yes' },
        { type: { coding: [{ system: 'urn:other', code: 'colour' }] }, valueString: 'red' },
      ],
      extension: [{ url: 'urn:ext', valueString: 'x' }],
    });
    expect(record.errors).toEqual([
      {
        field: 'BiologicallyDerivedProduct.identifier',
        column: 'bank',
        message: 'names two tissue banks (DE-EUTE-1 and OTHER)',
      },
      { field: 'BiologicallyDerivedProduct.identifier', column: 'xLot', message: 'must be text or a number' },
      {
        field: 'BiologicallyDerivedProduct.productCode',
        column: 'tProdName2',
        message: `kidney is not a graft type of ${SYSTEMS.graftType}`,
      },
      {
        field: 'BiologicallyDerivedProduct.property[length-min]',
        column: 'tLmin',
        message: 'must be a valueQuantity in UCUM mm',
      },
      {
        field: 'BiologicallyDerivedProduct.property[step-release]',
        column: 'releaseStatus',
        message: `needs a valuePeriod or a code of ${SYSTEMS.stepStatus}`,
      },
    ]);
    expect(record.ignored).toEqual(['identifier urn:oid:1.2.3', 'property urn:other|colour', 'extension urn:ext']);
    expect(record.columns.eLot).toBe('E-1');
  });

  it('carries the clinic a graft is meant for as our extension', () => {
    const product = graftToProduct(aGraftRow({ cName: 'Demo Heart Clinic', clinicId: CLINIC.id }), BANK, '2026-05-01');
    expect(product.extension).toEqual([
      {
        url: GRAFT_CLINIC_EXTENSION,
        valueReference: { reference: `Organization/${CLINIC.id}`, display: 'Demo Heart Clinic' },
      },
    ]);
  });
});

describe('request states → ServiceRequest, Dispense, Procedure', () => {
  // Written out, not derived from the mapping, so a change there must change this table too.
  const EXPECTED: Record<RequestState, [string, string | null, string | null]> = {
    requested: ['active', null, null],
    reserved: ['active', 'allocated', null],
    confirmed: ['active', 'allocated', null],
    assigned: ['active', 'allocated', null],
    delivered: ['active', 'issued', null],
    implanted: ['completed', 'issued', 'completed'],
    returned: ['revoked', 'returned', null],
    declined: ['revoked', 'unfulfilled', null],
    lapsed: ['revoked', 'unfulfilled', null],
    withdrawn: ['revoked', 'unfulfilled', null],
  };
  const requestStatus = r5Codes('request-status');
  const dispenseStatus = r5Codes('biologicallyderivedproductdispense-status');
  const eventStatus = r5Codes('event-status');
  const intents = r5Codes('request-intent');

  it.each(REQUEST_STATES.map((state) => [state]))('%s', (state) => {
    const [serviceRequest, dispense, procedure] = EXPECTED[state];
    const request = aRequest(state);
    const emitted = requestToServiceRequest(request);
    expect(emitted.status).toBe(serviceRequest);
    expect(requestStatus).toContain(emitted.status);
    expect(intents).toContain(emitted.intent);
    expect(requestToDispense(request)?.status ?? null).toBe(dispense);
    if (dispense) {
      expect(dispenseStatus).toContain(dispense);
    }
    expect(requestToProcedure(request)?.status ?? null).toBe(procedure);
    if (procedure) {
      expect(eventStatus).toContain(procedure);
    }
  });

  it('hands over only delivered, implanted and returned grafts', () => {
    expect(requestToDispense(aRequest('delivered'))?.whenHandedOver).toBe('2026-03-30');
    expect(requestToDispense(aRequest('assigned', { handedOverOn: '2026-03-30' }))).not.toHaveProperty(
      'whenHandedOver',
    );
  });

  it('names the patient only by the pseudonymous code, as an identifier', () => {
    const procedure = requestToProcedure(aRequest('implanted'));
    expect(procedure?.subject).toEqual({
      identifier: { system: 'https://graftmatch.org/fhir/sid/patient-code', value: 'M-04-2019' },
    });
    expect(JSON.stringify(procedure)).not.toContain('Patient/');
  });

  it('matches the golden resources of an implanted request', async () => {
    await expect(JSON.stringify(requestResources(aRequest('implanted')), null, 2)).toMatchFileSnapshot(
      './golden/implanted-request.json',
    );
  });
});

describe('banks and clinics → Organization', () => {
  it('matches the golden organisations', async () => {
    await expect(JSON.stringify([bankToOrganization(BANK), clinicToOrganization(CLINIC)], null, 2)).toMatchFileSnapshot(
      './golden/organizations.json',
    );
  });

  it('leaves out contact details a bank has not given', () => {
    const bare = bankToOrganization({
      ...BANK,
      address: null,
      housenumber: null,
      zipcode: null,
      city: null,
      country: null,
      email: null,
      phone: null,
      euteNumber: null,
    });
    expect(bare).not.toHaveProperty('contact');
    expect(bare).not.toHaveProperty('identifier');
    expect(bare.name).toBe('Demo Tissue Bank');
  });
});
