import { randomUUID } from 'node:crypto';
import type { CreateApiKeyResponse, SystemAccessToken, SystemClient, VigilanceReport } from '@graftmatch/domain';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/support/client';
import { startSeededApp, type SeededApp, clinicalToday } from '../../../test/support/clinical';
import { deliveredRequest, implantedRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';
import { validateFhirR4 } from '../../../test/support/fhir-r4-validator';
import { followUpsOfEachKind, type FollowUpsOfEachKind } from '../../../test/support/followups';

// The FHIR R4 API beside R5 (docs/fhir.md "R4"): the same routes, searches, paging, errors and
// $export, written in R4; every answer validates against the R4 core definitions
// (test/support/fhir-r4-validator.ts). The same callers as R5: people, a bank's API key, a system client.

const R4 = '/api/fhir/R4';

type Json = Record<string, unknown>;
interface Bundle {
  resourceType: 'Bundle';
  type: string;
  total?: number;
  link?: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: { resourceType: string; id: string } & Json }[];
}

/** A 200 (or `status`) answer of FHIR's content type, valid R4. */
async function valid<T = Json>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  const body = (await response.json()) as Json;
  expect(await validateFhirR4(body)).toEqual([]);
  return body as T;
}

/** An OperationOutcome with this status and issue code, valid R4. */
async function outcome(response: Response, status: number, code: string) {
  const body = await valid<{ resourceType: string; issue: { code: string }[] }>(response, status);
  expect(body.resourceType).toBe('OperationOutcome');
  expect(body.issue[0]).toMatchObject({ severity: 'error', code });
}

describe(`the FHIR R4 API (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let base: string;
  let implanted: { id: string; lot: string };
  let keyOfX: CreateApiKeyResponse;
  let followUps: FollowUpsOfEachKind;
  let report: VigilanceReport;
  const today = clinicalToday();
  const asKey = (key: string, path: string) =>
    new TestClient(seeded.server.baseUrl).request('GET', path, { headers: { authorization: `ApiKey ${key}` } });
  const path = (url: string) => new URL(url).pathname + new URL(url).search;

  beforeAll(async () => {
    seeded = await startSeededApp();
    const request = await implantedRequest(seeded, today, 'A-04-2021');
    implanted = { id: request.id, lot: request.lot };
    await deliveredRequest(seeded, 'B-05-2020');
    followUps = await followUpsOfEachKind(seeded, today);
    const answer = await seeded.clients.admin.post(`/api/admin/eutes/${seeded.ids.euteX}/apikeys`, { label: 'r4' });
    keyOfX = (await answer.json()) as CreateApiKeyResponse;
    const created = await seeded.clients.physicianA.post('/api/vigilance/reports', {
      lot: implanted.lot,
      kind: 'SAR',
      description: 'Fever after implantation',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    report = (await created.json()) as VigilanceReport;
    const metadata = await valid<{ implementation: { url: string } }>(
      await seeded.clients.anonymous.get(`${R4}/metadata`),
    );
    base = metadata.implementation.url;
  }, 180_000);
  afterAll(() => seeded?.server.close());

  it('states R4 capabilities to anyone, with the hand-overs as Basic, and its search parameters', async () => {
    const statement = await valid<Json>(await seeded.clients.anonymous.get(`${R4}/metadata`));
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    expect(base).toMatch(/\/api\/fhir\/R4$/);
    const types = ((statement.rest as Json[])[0]!.resource as { type: string }[]).map((resource) => resource.type);
    expect(types).toEqual(expect.arrayContaining(['BiologicallyDerivedProduct', 'Basic', 'Procedure', 'Observation']));
    expect(types).not.toContain('BiologicallyDerivedProductDispense');
    for (const id of ['expiration-date', 'dispense-status']) {
      const parameter = await valid<Json>(await seeded.clients.physicianA.get(`${R4}/SearchParameter/${id}`));
      expect(parameter).toMatchObject({ resourceType: 'SearchParameter', id, xpathUsage: 'normal' });
      expect(parameter).not.toHaveProperty('processingMode');
    }
    await outcome(await seeded.clients.physicianA.get(`${R4}/SearchParameter/other`), 404, 'not-found');
    const smart = await seeded.clients.anonymous.get(`${R4}/.well-known/smart-configuration`);
    expect(smart.status).toBe(200);
    expect(await smart.json()).toMatchObject({ token_endpoint: expect.stringMatching(/\/api\/fhir\/token$/) });
  });

  it('finds a graft by SEC and lot, reads it by id for its bank, and 404s it for another bank and clinic', async () => {
    const graft = await seeded.server.database.db
      .selectFrom('grafts')
      .selectAll()
      .where('euteId', '=', seeded.ids.euteX)
      .where('xSec', 'is not', null)
      .orderBy('eLot')
      .executeTakeFirstOrThrow();
    const sec = graft.xSec!.replaceAll(' ', '');
    for (const identifier of [sec, graft.eLot]) {
      const found = await valid<Bundle>(
        await seeded.clients.employeeX.get(`${R4}/BiologicallyDerivedProduct?identifier=${identifier}`),
      );
      expect(found).toMatchObject({ type: 'searchset', total: 1 });
      expect(found.entry?.map((entry) => entry.fullUrl)).toEqual([`${base}/BiologicallyDerivedProduct/${graft.id}`]);
    }
    const product = await valid<Json>(
      await seeded.clients.employeeX.get(`${R4}/BiologicallyDerivedProduct/${graft.id}`),
    );
    expect(product).toMatchObject({ id: graft.id, productCategory: 'tissue', status: expect.any(String) });
    expect(product).not.toHaveProperty('productStatus');
    expect(JSON.stringify(product.extension)).toContain(
      'http://hl7.org/fhir/5.0/StructureDefinition/extension-BiologicallyDerivedProduct.expirationDate',
    );
    await outcome(await seeded.clients.employeeY.get(`${R4}/BiologicallyDerivedProduct/${graft.id}`), 404, 'not-found');
    // The implanted graft is clinic A's: clinic B's physician does not see it.
    const ofA = await seeded.server.database.db
      .selectFrom('grafts')
      .select('id')
      .where('eLot', '=', implanted.lot)
      .executeTakeFirstOrThrow();
    await valid(await seeded.clients.physicianA.get(`${R4}/BiologicallyDerivedProduct/${ofA.id}`));
    await outcome(await seeded.clients.physicianB.get(`${R4}/BiologicallyDerivedProduct/${ofA.id}`), 404, 'not-found');
  });

  it('pages with _count and next links on the R4 base until every match is seen', async () => {
    const first = await valid<Bundle>(
      await seeded.clients.admin.get(`${R4}/BiologicallyDerivedProduct?product-code=aortic_valve&_count=5`),
    );
    expect(first.total).toBeGreaterThan(5);
    const seen = new Set(first.entry?.map((entry) => entry.resource.id));
    let next = first.link?.find((link) => link.relation === 'next')?.url;
    expect(next).toMatch(new RegExp(`^${base}/BiologicallyDerivedProduct\\?`));
    let previous: string | undefined;
    while (next) {
      const page = await valid<Bundle>(await seeded.clients.admin.get(path(next)));
      page.entry?.forEach((entry) => seen.add(entry.resource.id));
      previous ??= page.link?.find((link) => link.relation === 'previous')?.url;
      next = page.link?.find((link) => link.relation === 'next')?.url;
    }
    expect(seen.size).toBe(first.total);
    expect(previous).toMatch(new RegExp(`^${base}/`));
  });

  it('answers 20 searches in valid R4', async () => {
    const graft = await seeded.server.database.db
      .selectFrom('grafts')
      .selectAll()
      .where('eLot', '=', implanted.lot)
      .executeTakeFirstOrThrow();
    const searches = [
      'BiologicallyDerivedProduct',
      'BiologicallyDerivedProduct?_count=3&_offset=3',
      'BiologicallyDerivedProduct?_count=0',
      'BiologicallyDerivedProduct?product-code=https://graftmatch.org/fhir/CodeSystem/graft-type|arcus_aortae',
      'BiologicallyDerivedProduct?product-status=available',
      'BiologicallyDerivedProduct?product-status=unavailable&_count=50',
      'BiologicallyDerivedProduct?expiration-date=ge2020-01-01&expiration-date=le2040-12-31',
      'BiologicallyDerivedProduct?expiration-date=lt2000-01-01',
      'BiologicallyDerivedProduct?product-code=aortic_valve,aorta_ascendens&product-status=available&_count=5',
      'Basic',
      'Basic?status=issued',
      `Basic?subject=BiologicallyDerivedProduct/${graft.id}`,
      'Basic?status=allocated,unfulfilled,returned',
      'Basic?_count=1',
      'Procedure',
      'Procedure?status=completed&_count=1',
      'Observation',
      'Observation?status=final&_count=2',
      'Observation?status=cancelled',
      `Observation?focus=BiologicallyDerivedProduct/${graft.id}&date=le2200-01-01`,
    ];
    expect(searches).toHaveLength(20);
    for (const search of searches) {
      const client = search.startsWith('Observation') ? seeded.clients.auditor : seeded.clients.admin;
      const bundle = await valid<Bundle>(await client.get(`${R4}/${search}`));
      expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: expect.any(Number) });
      for (const entry of bundle.entry ?? []) {
        expect(entry.fullUrl).toBe(`${base}/${entry.resource.resourceType}/${entry.resource.id}`);
      }
    }
  }, 120_000);

  it('refuses as OperationOutcome: 400, 401, 403, 404', async () => {
    const { admin, anonymous, physicianA } = seeded.clients;
    await outcome(await admin.get(`${R4}/BiologicallyDerivedProduct?colour=red`), 400, 'invalid');
    await outcome(await admin.get(`${R4}/BiologicallyDerivedProduct?_count=1000`), 400, 'invalid');
    await outcome(await admin.get(`${R4}/BiologicallyDerivedProduct?expiration-date=soon`), 400, 'invalid');
    // R4's Basic is searched by subject, not by R5's product.
    await outcome(await admin.get(`${R4}/Basic?product=BiologicallyDerivedProduct/x`), 400, 'invalid');
    await outcome(await anonymous.get(`${R4}/Procedure`), 401, 'login');
    await outcome(await asKey('gmk_unknown', `${R4}/Procedure`), 401, 'login');
    await outcome(await physicianA.get(`${R4}/$export?bank=${seeded.ids.euteX}`), 403, 'forbidden');
    await outcome(await admin.get(`${R4}/Observation`), 403, 'forbidden');
    await outcome(await admin.get(`${R4}/BiologicallyDerivedProduct/no-such-graft`), 404, 'not-found');
    await outcome(await admin.get(`${R4}/Patient`), 404, 'not-found');
    // R4 has no such resource type.
    await outcome(await admin.get(`${R4}/BiologicallyDerivedProductDispense`), 404, 'not-found');
  });

  it('shows the implantation and its hand-over to its clinic and bank, never to another clinic', async () => {
    const ofA = await valid<Bundle>(await seeded.clients.physicianA.get(`${R4}/Procedure`));
    const procedure = ofA.entry?.find((entry) => entry.resource.id === implanted.id)?.resource;
    expect(procedure).toMatchObject({
      status: 'completed',
      performedDateTime: today,
      subject: { identifier: { value: 'A-04-2021' } },
    });
    const product = (procedure!.usedReference as { reference: string }[])[0]!.reference;
    const ofB = await valid<Bundle>(await seeded.clients.physicianB.get(`${R4}/Procedure`));
    expect(ofB.entry?.map((entry) => entry.resource.id) ?? []).not.toContain(implanted.id);
    const ofX = await valid<Bundle>(await seeded.clients.employeeX.get(`${R4}/Procedure?status=completed`));
    expect(ofX.entry?.map((entry) => entry.resource.id)).toContain(implanted.id);
    const handOvers = await valid<Bundle>(
      await seeded.clients.physicianA.get(`${R4}/Basic?subject=${product}&status=issued`),
    );
    expect(handOvers.entry?.map((entry) => entry.resource.id)).toEqual([implanted.id]);
    expect(handOvers.entry?.[0]).toMatchObject({
      fullUrl: `${base}/Basic/${implanted.id}`,
      resource: { resourceType: 'Basic', subject: { reference: product } },
    });
    const none = await valid<Bundle>(await seeded.clients.physicianB.get(`${R4}/Basic?subject=${product}`));
    expect(none.total).toBe(0);
  });

  it('reads follow-ups as Observations and a vigilance report as an R4 AdverseEvent', async () => {
    for (const followUp of Object.values(followUps)) {
      const observation = await valid<Json>(await seeded.clients.physicianA.get(`${R4}/Observation/${followUp.id}`));
      expect(observation).toMatchObject({ resourceType: 'Observation', id: followUp.id });
    }
    const event = await valid<Json>(await seeded.clients.physicianA.get(`${R4}/AdverseEvent/${report.id}`));
    expect(event).toMatchObject({ resourceType: 'AdverseEvent', id: report.id, actuality: 'actual' });
    expect(event).not.toHaveProperty('status');
    expect((event.suspectEntity as Json[])[0]).toHaveProperty('instance');
    await outcome(await seeded.clients.physicianB.get(`${R4}/AdverseEvent/${report.id}`), 404, 'not-found');
  });

  it('an API key reads its own bank only, and exports it in R4', async () => {
    const ofX = await valid<Bundle>(await asKey(keyOfX.key, `${R4}/BiologicallyDerivedProduct?_count=100`));
    expect(ofX.total).toBeGreaterThan(0);
    const facility =
      'http://hl7.org/fhir/5.0/StructureDefinition/extension-BiologicallyDerivedProduct.processingFacility';
    const banks = new Set(
      ofX.entry?.map(
        (entry) =>
          (entry.resource.extension as { url: string; valueReference?: { reference: string } }[]).find(
            (extension) => extension.url === facility,
          )?.valueReference?.reference,
      ),
    );
    expect([...banks]).toEqual([`Organization/${seeded.ids.euteX}`]);
    await outcome(await asKey(keyOfX.key, `${R4}/$export?bank=${seeded.ids.euteY}`), 403, 'forbidden');
    const exported = await valid<Bundle>(await asKey(keyOfX.key, `${R4}/$export`));
    expect(exported.type).toBe('collection');
  }, 120_000);

  it('exports each bank for the auditor as an R4 collection with unique R4 full URLs', async () => {
    for (const bank of [seeded.ids.euteX, seeded.ids.euteY]) {
      const exported = await valid<Bundle>(await seeded.clients.auditor.get(`${R4}/$export?bank=${bank}`), 200);
      const urls = exported.entry?.map((entry) => entry.fullUrl) ?? [];
      expect(new Set(urls).size).toBe(urls.length);
      for (const entry of exported.entry ?? []) {
        expect(entry.fullUrl).toBe(`${base}/${entry.resource.resourceType}/${entry.resource.id}`);
      }
      const types = new Set(exported.entry?.map((entry) => entry.resource.resourceType));
      expect(types).not.toContain('BiologicallyDerivedProductDispense');
      expect(types.has('Observation')).toBe(bank === seeded.ids.euteX);
      if (bank === seeded.ids.euteX) {
        expect([...types]).toEqual(expect.arrayContaining(['Organization', 'BiologicallyDerivedProduct', 'Basic']));
      }
    }
    // An employee's own bank, without naming it.
    const own = await valid<Bundle>(await seeded.clients.employeeX.get(`${R4}/$export`));
    expect(own.entry?.some((entry) => entry.resource.resourceType === 'Procedure')).toBe(true);
  }, 120_000);

  it('a system client reads R4 within its scopes, finding the token endpoint beside the R4 base', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
    const kid = randomUUID();
    const registered = await seeded.clients.admin.post(`/api/admin/system-clients/clinic/${seeded.ids.clinicA}`, {
      name: 'R4 hospital system',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' }] },
      scopes: ['system/Procedure.rs'],
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const client = (await registered.json()) as SystemClient;
    const smart = await seeded.clients.anonymous.get(`${R4}/.well-known/smart-configuration`);
    const audience = ((await smart.json()) as { token_endpoint: string }).token_endpoint;
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
      .setIssuer(client.id)
      .setSubject(client.id)
      .setAudience(audience)
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
      .sign(privateKey);
    const answer = await fetch(`${seeded.server.baseUrl}${new URL(audience).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'system/Procedure.rs',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }).toString(),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const token = ((await answer.json()) as SystemAccessToken).access_token;
    const asSystem = (route: string) =>
      new TestClient(seeded.server.baseUrl).request('GET', `${R4}${route}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const procedures = await valid<Bundle>(await asSystem('/Procedure'));
    expect(procedures.entry?.map((entry) => entry.resource.id)).toContain(implanted.id);
    await outcome(await asSystem('/Basic'), 403, 'forbidden');
    await outcome(await asSystem(`/$export?bank=${seeded.ids.euteX}`), 403, 'forbidden');
  });
});
