import type { CreateApiKeyResponse } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/support/client';
import { startSeededApp, type SeededApp, clinicalToday } from '../../../test/support/clinical';
import { implantedRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';

interface Bundle {
  resourceType: 'Bundle';
  type: string;
  total?: number;
  link?: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: { resourceType: string; id: string } & Record<string, unknown> }[];
}

const R5 = '/api/fhir/R5';

/** Asserts an OperationOutcome answer with this status and FHIR's content type. */
async function expectOutcome(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  const body = (await response.json()) as { resourceType: string; issue: { severity: string; code: string }[] };
  expect(body.resourceType).toBe('OperationOutcome');
  expect(body.issue[0]).toMatchObject({ severity: 'error', code });
}

async function bundleOf(response: Response): Promise<Bundle> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  return (await response.json()) as Bundle;
}

describe(`the FHIR R5 API (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let implanted: { id: string };
  let keyOfX: CreateApiKeyResponse;
  const keyClient = (key: string) => {
    const client = new TestClient(seeded.server.baseUrl);
    return (path: string) => client.request('GET', path, { headers: { authorization: `ApiKey ${key}` } });
  };

  beforeAll(async () => {
    seeded = await startSeededApp();
    const request = await implantedRequest(seeded, clinicalToday(), 'A-03-2021');
    implanted = { id: request.id };
    const answer = await seeded.clients.admin.post(`/api/admin/eutes/${seeded.ids.euteX}/apikeys`, { label: 'lab' });
    keyOfX = (await answer.json()) as CreateApiKeyResponse;
  }, 180_000);
  afterAll(() => seeded.server.close());

  it('tells its capabilities to anyone, and the expiration-date search parameter to callers', async () => {
    const answer = await seeded.clients.anonymous.get(`${R5}/metadata`);
    expect(answer.status).toBe(200);
    const statement = (await answer.json()) as { resourceType: string; fhirVersion: string };
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '5.0.0' });
    const parameter = await seeded.clients.physicianA.get(`${R5}/SearchParameter/expiration-date`);
    expect(await parameter.json()).toMatchObject({ resourceType: 'SearchParameter', code: 'expiration-date' });
    await expectOutcome(await seeded.clients.physicianA.get(`${R5}/SearchParameter/other`), 404, 'not-found');
  });

  it('finds exactly one graft by its SEC, by any lot, and reads it by id', async () => {
    const { db } = seeded.server.database;
    const graft = await db
      .selectFrom('grafts')
      .selectAll()
      .where('euteId', '=', seeded.ids.euteX)
      .where('xSec', 'is not', null)
      .orderBy('eLot')
      .executeTakeFirstOrThrow();
    const sec = graft.xSec!.replaceAll(' ', '');
    const bySec = await bundleOf(
      await seeded.clients.employeeX.get(`${R5}/BiologicallyDerivedProduct?identifier=${sec}`),
    );
    expect(bySec).toMatchObject({ type: 'searchset', total: 1 });
    expect(bySec.entry?.map((entry) => entry.resource.id)).toEqual([graft.id]);
    const byLot = await bundleOf(
      await seeded.clients.employeeX.get(`${R5}/BiologicallyDerivedProduct?identifier=${graft.eLot}`),
    );
    expect(byLot.entry?.map((entry) => entry.resource.id)).toEqual([graft.id]);
    const read = await seeded.clients.employeeX.get(`${R5}/BiologicallyDerivedProduct/${graft.id}`);
    expect(((await read.json()) as { id: string }).id).toBe(graft.id);
    await expectOutcome(
      await seeded.clients.employeeY.get(`${R5}/BiologicallyDerivedProduct/${graft.id}`),
      404,
      'not-found',
    );
  });

  it('pages with _count and a next link until every match is seen, and filters by status, code and expiry', async () => {
    const first = await bundleOf(
      await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?product-code=aortic_valve&_count=5`),
    );
    expect(first.total).toBeGreaterThan(5);
    const seen = new Set(first.entry?.map((entry) => entry.resource.id));
    let next = first.link?.find((link) => link.relation === 'next')?.url;
    while (next) {
      const page = await bundleOf(await seeded.clients.admin.get(new URL(next).pathname + new URL(next).search));
      page.entry?.forEach((entry) => seen.add(entry.resource.id));
      next = page.link?.find((link) => link.relation === 'next')?.url;
    }
    expect(seen.size).toBe(first.total);
    const available = await bundleOf(
      await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?product-status=available&_count=100`),
    );
    for (const entry of available.entry ?? []) {
      expect(entry.resource.productStatus).toMatchObject({ code: 'available' });
    }
    const dated = await bundleOf(
      await seeded.clients.admin.get(
        `${R5}/BiologicallyDerivedProduct?expiration-date=ge2000-01-01&expiration-date=le2200-12-31&_count=0`,
      ),
    );
    const never = await bundleOf(
      await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?expiration-date=lt1900-01-01&_count=0`),
    );
    expect(dated.total).toBeGreaterThan(0);
    expect(never.total).toBe(0);
  });

  it('refuses an unknown parameter (handling=strict), a bad value, and an unknown path, as OperationOutcome', async () => {
    await expectOutcome(await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?colour=red`), 400, 'invalid');
    await expectOutcome(
      await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?expiration-date=soon`),
      400,
      'invalid',
    );
    await expectOutcome(await seeded.clients.admin.get(`${R5}/Patient`), 404, 'not-found');
    await expectOutcome(await seeded.clients.anonymous.get(`${R5}/BiologicallyDerivedProduct`), 401, 'login');
  });

  it('shows the implantation to its clinic and its bank, never to another clinic', async () => {
    const ofA = await bundleOf(await seeded.clients.physicianA.get(`${R5}/Procedure`));
    const procedure = ofA.entry?.find((entry) => entry.resource.id === implanted.id)?.resource;
    expect(procedure).toMatchObject({ status: 'completed', subject: { identifier: { value: 'A-03-2021' } } });
    const ofB = await bundleOf(await seeded.clients.physicianB.get(`${R5}/Procedure`));
    expect(ofB.entry?.map((entry) => entry.resource.id) ?? []).not.toContain(implanted.id);
    const ofX = await bundleOf(await seeded.clients.employeeX.get(`${R5}/Procedure?status=completed`));
    expect(ofX.entry?.map((entry) => entry.resource.id)).toContain(implanted.id);
    const dispenses = await bundleOf(
      await seeded.clients.physicianA.get(
        `${R5}/BiologicallyDerivedProductDispense?product=BiologicallyDerivedProduct/${String(procedure?.used && (procedure.used as { reference: { reference: string } }[])[0]?.reference.reference.split('/')[1])}&status=issued`,
      ),
    );
    expect(dispenses.entry?.map((entry) => entry.resource.id)).toEqual([implanted.id]);
  });

  it('an API key reads its own bank only; an employee exports only their own bank', async () => {
    const asKey = keyClient(keyOfX.key);
    const ofX = await bundleOf(await asKey(`${R5}/BiologicallyDerivedProduct?_count=100`));
    expect(ofX.total).toBeGreaterThan(0);
    const banks = new Set(
      ofX.entry?.map((entry) => (entry.resource.processingFacility as { reference: string }[])[0]?.reference),
    );
    expect([...banks]).toEqual([`Organization/${seeded.ids.euteX}`]);
    await expectOutcome(await asKey(`${R5}/$export?bank=${seeded.ids.euteY}`), 403, 'forbidden');
    await expectOutcome(await keyClient('gmk_unknown')(`${R5}/Procedure`), 401, 'login');
    await expectOutcome(await seeded.clients.employeeX.get(`${R5}/$export?bank=${seeded.ids.euteY}`), 403, 'forbidden');
    await expectOutcome(
      await seeded.clients.physicianA.get(`${R5}/$export?bank=${seeded.ids.euteX}`),
      403,
      'forbidden',
    );
  });

  it('exports the whole bank as a collection Bundle with unique full URLs', async () => {
    const exported = await bundleOf(await seeded.clients.employeeX.get(`${R5}/$export`));
    expect(exported.type).toBe('collection');
    const count = await seeded.server.database.db
      .selectFrom('grafts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('euteId', '=', seeded.ids.euteX)
      .executeTakeFirstOrThrow();
    const products = exported.entry?.filter((entry) => entry.resource.resourceType === 'BiologicallyDerivedProduct');
    expect(products).toHaveLength(Number(count.n));
    const urls = exported.entry?.map((entry) => entry.fullUrl) ?? [];
    expect(new Set(urls).size).toBe(urls.length);
    expect(exported.entry?.some((entry) => entry.resource.resourceType === 'Procedure')).toBe(true);
    // Every organisation a resource refers to (bank, requesting clinic, a graft's clinic) is in the Bundle.
    const organizations = new Set(
      exported.entry
        ?.filter((entry) => entry.resource.resourceType === 'Organization')
        .map((entry) => entry.resource.id),
    );
    const referred = [...JSON.stringify(exported.entry).matchAll(/"reference":"Organization\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(referred.length).toBeGreaterThan(0);
    expect(referred.filter((id) => !organizations.has(id!))).toEqual([]);
  });
});
