import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/support/client';
import { startSeededApp, type SeededApp, clinicalToday } from '../../../test/support/clinical';
import { deliveredRequest, implantedRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';
import { closeFhirValidator, validateFhir } from '../../../test/support/fhir-validator';
import { followUpsOfEachKind, type FollowUpsOfEachKind } from '../../../test/support/followups';

// Everything the FHIR API answers is valid R5: the official JSON schema, every error invariant of
// the StructureDefinitions involved, and the required bindings (test/support/fhir-validator.ts).

const R5 = '/api/fhir/R5';

type Json = Record<string, unknown>;

describe(`FHIR answers validate against the R5 core package (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let followUps: FollowUpsOfEachKind;

  beforeAll(async () => {
    seeded = await startSeededApp();
    const today = clinicalToday();
    // Every FHIR request state shows up: implanted, delivered (issued) besides the demo's own.
    await implantedRequest(seeded, today);
    await deliveredRequest(seeded, 'B-04-2020');
    // And every kind of follow-up as an Observation: alive with echo, an explant, a death, lost.
    followUps = await followUpsOfEachKind(seeded, today);
  }, 180_000);
  afterAll(async () => {
    await closeFhirValidator();
    await seeded.server.close();
  });

  async function valid(response: Response, status: number): Promise<Json> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const body = (await response.json()) as Json;
    expect(await validateFhir(body)).toEqual([]);
    return body;
  }

  it('the demo banks’ full exports', async () => {
    // The auditor's, which carry the follow-ups' Observations (an admin's do not).
    for (const bank of [seeded.ids.euteX, seeded.ids.euteY]) {
      const bundle = await valid(await seeded.clients.auditor.get(`${R5}/$export?bank=${bank}`), 200);
      const types = new Set((bundle.entry as { resource: Json }[]).map((entry) => entry.resource.resourceType));
      for (const type of ['Organization', 'BiologicallyDerivedProduct']) {
        expect(types).toContain(type);
      }
      expect(types.has('Observation')).toBe(bank === seeded.ids.euteX);
    }
  }, 120_000);

  it('the Observations of recorded follow-ups: alive with echo, an explant with its reason, a death, a lost one', async () => {
    for (const followUp of Object.values(followUps)) {
      const observation = await valid(await seeded.clients.physicianA.get(`${R5}/Observation/${followUp.id}`), 200);
      expect(observation).toMatchObject({ resourceType: 'Observation', id: followUp.id });
    }
    for (const search of ['Observation', 'Observation?status=final&_count=2', 'Observation?status=cancelled']) {
      const bundle = await valid(await seeded.clients.employeeX.get(`${R5}/${search}`), 200);
      expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: expect.any(Number) });
    }
  }, 120_000);

  it('20 search answers with different parameters', async () => {
    const { db } = seeded.server.database;
    const graft = await db
      .selectFrom('grafts')
      .selectAll()
      .where('xSec', 'is not', null)
      .orderBy('eLot')
      .executeTakeFirstOrThrow();
    const sec = graft.xSec!.replaceAll(' ', '');
    const searches = [
      'BiologicallyDerivedProduct',
      'BiologicallyDerivedProduct?_count=3',
      'BiologicallyDerivedProduct?_count=3&_offset=3',
      'BiologicallyDerivedProduct?_count=0',
      `BiologicallyDerivedProduct?identifier=${sec}`,
      `BiologicallyDerivedProduct?identifier=${graft.eLot}`,
      'BiologicallyDerivedProduct?product-code=aortic_valve',
      'BiologicallyDerivedProduct?product-code=https://graftmatch.org/fhir/CodeSystem/graft-type|arcus_aortae',
      'BiologicallyDerivedProduct?product-status=available',
      'BiologicallyDerivedProduct?product-status=unavailable&_count=50',
      `BiologicallyDerivedProduct?biological-source-event=${sec.slice(0, 21)}`,
      'BiologicallyDerivedProduct?expiration-date=ge2020-01-01&expiration-date=le2040-12-31',
      'BiologicallyDerivedProduct?expiration-date=lt2000-01-01',
      'BiologicallyDerivedProduct?product-code=aortic_valve,aorta_ascendens&product-status=available&_count=5',
      'BiologicallyDerivedProductDispense',
      'BiologicallyDerivedProductDispense?status=issued',
      `BiologicallyDerivedProductDispense?product=BiologicallyDerivedProduct/${graft.id}`,
      'BiologicallyDerivedProductDispense?status=allocated,unfulfilled,returned',
      'Procedure',
      'Procedure?status=completed&_count=1',
    ];
    expect(searches).toHaveLength(20);
    for (const search of searches) {
      const bundle = await valid(await seeded.clients.admin.get(`${R5}/${search}`), 200);
      expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: expect.any(Number) });
    }
  }, 120_000);

  it('an OperationOutcome of each kind: 400, 401, 403, 404', async () => {
    await valid(await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?colour=red`), 400);
    await valid(await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct?_count=1000`), 400);
    await valid(await new TestClient(seeded.server.baseUrl).get(`${R5}/Procedure`), 401);
    await valid(await seeded.clients.physicianA.get(`${R5}/$export?bank=${seeded.ids.euteX}`), 403);
    await valid(await seeded.clients.admin.get(`${R5}/Observation`), 403);
    await valid(await seeded.clients.admin.get(`${R5}/BiologicallyDerivedProduct/no-such-graft`), 404);
    await valid(await seeded.clients.admin.get(`${R5}/Patient`), 404);
  });

  it('the CapabilityStatement and the SearchParameter', async () => {
    await valid(await seeded.clients.anonymous.get(`${R5}/metadata`), 200);
    await valid(await seeded.clients.admin.get(`${R5}/SearchParameter/expiration-date`), 200);
  });
});
