import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraftRequest, SystemAccessToken, SystemClient } from '@graftmatch/domain';
import type { JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { TestClient } from '../../../test/support/client';
import { aFreeGraftOfBankX, clinicalToday, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { implantedThrough } from '../../../test/support/followups';
import { keyPair, signedAssertion, type TestSystem } from '../../../test/support/system-clients';

// SMART Backend Services (docs/fhir.md "System clients"): an admin registers a clinic's hospital
// system (keys inline) and a bank's lab system (keys at an address on this machine); each signs a
// JWT with its own key, gets a token at the token endpoint the SMART configuration names, and reads
// its organisation's FHIR resources within its scopes. Replayed, expired, over-long and foreign-key
// assertions are refused, as is a revoked client, whose live token stops working at once.

const R5 = '/api/fhir/R5';
type Json = Record<string, unknown>;
interface Bundle {
  entry?: { resource: Json }[];
}

describe(`system clients: SMART Backend Services (${testEngineName()})`, () => {
  let seeded: SeededApp;
  /** The token endpoint as the configuration names it (each assertion's audience), and where this test reaches it. */
  let audience: string;
  let tokenEndpoint: string;
  let keyServer: Server;
  let keyServerUrl: string;
  let servedKeys: JWK[] = [];
  let hospital: TestSystem;
  let lab: TestSystem;
  let implantedOfA: GraftRequest;
  let implantedOfB: GraftRequest;
  let freeLot: string;
  /** A second instance on the same database, as behind a load balancer. */
  let otherDatabase: Database;
  let other: FastifyInstance;
  let otherUrl: string;

  const machine = () => new TestClient(seeded.server.baseUrl);

  const assertion = (system: TestSystem, claims: { exp?: number; jti?: string; aud?: string } = {}) =>
    signedAssertion(system, claims.aud ?? audience, claims);

  /** Posts the token request as a client would: a form, no cookie, no anti-forgery header. */
  async function tokenRequest(form: Record<string, string>): Promise<Response> {
    return fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
  }

  const credentials = (signed: string, scope: string) => ({
    grant_type: 'client_credentials',
    scope,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: signed,
  });

  async function tokenFor(system: TestSystem, scope: string): Promise<SystemAccessToken> {
    const answer = await tokenRequest(credentials(await assertion(system), scope));
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    return (await answer.json()) as SystemAccessToken;
  }

  async function refusal(answer: Response, status: number, error: string): Promise<string> {
    const body = (await answer.json()) as { error: string; error_description: string };
    expect({ status: answer.status, error: body.error }, body.error_description).toEqual({ status, error });
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    return body.error_description;
  }

  const fhir = (token: string, path: string) =>
    machine().request('GET', `${R5}${path}`, { headers: { authorization: `Bearer ${token}` } });

  async function fhirJson(answer: Response, status = 200): Promise<Json> {
    expect(answer.status, await answer.clone().text()).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    return (await answer.json()) as Json;
  }

  async function register(
    role: 'admin' | 'auditor' | 'physicianA',
    organisation: string,
    body: Json,
  ): Promise<Response> {
    return seeded.clients[role].post(`/api/admin/system-clients/${organisation}`, body);
  }

  beforeAll(async () => {
    seeded = await startSeededApp();
    keyServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: servedKeys }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    keyServerUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/jwks.json`;

    const configuration = await machine().get(`${R5}/.well-known/smart-configuration`);
    expect(configuration.status).toBe(200);
    audience = ((await configuration.json()) as { token_endpoint: string }).token_endpoint;
    tokenEndpoint = `${seeded.server.baseUrl}${new URL(audience).pathname}`;

    const hospitalKey = await keyPair('ES384');
    const created = await register('admin', `clinic/${seeded.ids.clinicA}`, {
      name: 'Hospital information system',
      jwks: { keys: [hospitalKey.jwk] },
      scopes: ['system/BiologicallyDerivedProduct.rs', 'system/Procedure.rs', 'system/Observation.rs'],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    hospital = { client: (await created.json()) as SystemClient, ...hospitalKey, alg: 'ES384' };

    const labKey = await keyPair('RS384');
    servedKeys = [labKey.jwk];
    const createdLab = await register('admin', `eute/${seeded.ids.euteX}`, {
      name: 'Lab system',
      jwksUrl: keyServerUrl,
      scopes: ['system/*.rs'],
    });
    expect(createdLab.status, await createdLab.clone().text()).toBe(201);
    lab = { client: (await createdLab.json()) as SystemClient, ...labKey, alg: 'RS384' };

    implantedOfA = await implantedThrough(
      seeded,
      { physician: 'physicianA', bank: 'employeeX', euteId: seeded.ids.euteX },
      clinicalToday(),
    );
    implantedOfB = await implantedThrough(
      seeded,
      { physician: 'physicianB', bank: 'employeeY', euteId: seeded.ids.euteY },
      clinicalToday(),
    );
    freeLot = (await aFreeGraftOfBankX(seeded)).eLot;

    otherDatabase = createDatabase(seeded.server.target);
    other = await buildApp({ config: seeded.server.config, database: otherDatabase, webRoot: null });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await seeded?.server.close();
    await new Promise((resolve) => keyServer?.close(resolve));
  });

  const productIdOf = async (lot: string) =>
    (
      await seeded.server.database.db
        .selectFrom('grafts')
        .select('id')
        .where('eLot', '=', lot)
        .executeTakeFirstOrThrow()
    ).id;

  it('says where and how to get a token in the SMART configuration, open to anyone', async () => {
    const answer = await machine().get(`${R5}/.well-known/smart-configuration`);
    expect(await answer.json()).toMatchObject({
      token_endpoint: expect.stringMatching(/\/api\/fhir\/token$/),
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
      capabilities: expect.arrayContaining(['client-confidential-asymmetric']),
    });
  });

  it('lists what the admin registered, keys by id only, scopes normalised', async () => {
    const answer = await seeded.clients.admin.get(`/api/admin/system-clients/eute/${seeded.ids.euteX}`);
    expect(answer.status).toBe(200);
    const [listed] = (await answer.json()) as SystemClient[];
    expect(listed).toMatchObject({ id: lab.client.id, name: 'Lab system', jwksUrl: keyServerUrl, keyIds: [] });
    expect(listed!.scopes).toEqual([
      'system/BiologicallyDerivedProduct.rs',
      'system/BiologicallyDerivedProductDispense.rs',
      'system/Procedure.rs',
      'system/AdverseEvent.rs',
      'system/Observation.rs',
    ]);
    expect(hospital.client.keyIds).toEqual([hospital.kid]);
  });

  it("the clinic's system reads its clinic's grafts and implantations, and nothing of another clinic", async () => {
    const { access_token: token, scope } = await tokenFor(
      hospital,
      'system/BiologicallyDerivedProduct.rs system/Procedure.rs',
    );
    expect(scope).toBe('system/BiologicallyDerivedProduct.rs system/Procedure.rs');

    const procedures = (await fhirJson(await fhir(token, '/Procedure?_count=100'))) as Bundle;
    const used = JSON.stringify(procedures.entry ?? []);
    expect(used).toContain(`BiologicallyDerivedProduct/${await productIdOf(implantedOfA.lot)}`);
    expect(used).not.toContain(`BiologicallyDerivedProduct/${await productIdOf(implantedOfB.lot)}`);

    await fhirJson(await fhir(token, `/BiologicallyDerivedProduct/${await productIdOf(implantedOfA.lot)}`));
    // Another clinic's graft, and a free one, are not its to read: the same 404 as an unknown id.
    for (const lot of [implantedOfB.lot, freeLot]) {
      const outcome = await fhirJson(await fhir(token, `/BiologicallyDerivedProduct/${await productIdOf(lot)}`), 404);
      expect(outcome.resourceType).toBe('OperationOutcome');
    }
    // A bank's export is not a clinic system's to take.
    const exported = await fhirJson(await fhir(token, `/$export?bank=${seeded.ids.euteX}`), 403);
    expect(exported.resourceType).toBe('OperationOutcome');
  });

  it('a token grants what was asked within the registration, and a type outside it is refused 403', async () => {
    const { access_token: token, scope } = await tokenFor(hospital, 'system/Procedure.s system/AdverseEvent.rs');
    expect(scope).toBe('system/Procedure.s');
    await fhirJson(await fhir(token, '/Procedure'));
    const outcome = await fhirJson(await fhir(token, '/BiologicallyDerivedProduct'), 403);
    expect(JSON.stringify(outcome)).toContain('system/BiologicallyDerivedProduct.s');

    const nothing = await tokenRequest(credentials(await assertion(hospital), 'system/AdverseEvent.rs'));
    expect(await refusal(nothing, 400, 'invalid_scope')).toContain('system/BiologicallyDerivedProduct.rs');
  });

  it("the bank's system, keys read from its address, exports its own bank and is refused another's with 403", async () => {
    const { access_token: token } = await tokenFor(lab, 'system/*.rs');
    const own = await fhir(token, `/$export?bank=${seeded.ids.euteX}`);
    expect(own.status).toBe(200);
    const types = new Set(((await own.json()) as Bundle).entry?.map((entry) => entry.resource.resourceType));
    expect([...types].sort()).toEqual(
      expect.arrayContaining(['BiologicallyDerivedProduct', 'Organization', 'Procedure']),
    );
    const other = await fhirJson(await fhir(token, `/$export?bank=${seeded.ids.euteY}`), 403);
    expect(other.resourceType).toBe('OperationOutcome');
    const free = await fhirJson(await fhir(token, `/BiologicallyDerivedProduct/${await productIdOf(freeLot)}`));
    expect(free.resourceType).toBe('BiologicallyDerivedProduct');
  });

  it('refuses a replayed assertion, also when both copies arrive at once', async () => {
    const signed = await assertion(hospital);
    expect((await tokenRequest(credentials(signed, 'system/Procedure.rs'))).status).toBe(200);
    expect(
      await refusal(await tokenRequest(credentials(signed, 'system/Procedure.rs')), 401, 'invalid_client'),
    ).toMatch(/used already/);

    const twice = await assertion(hospital);
    const answers = await Promise.all([1, 2].map(() => tokenRequest(credentials(twice, 'system/Procedure.rs'))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('takes an assertion once across two instances, and a token of one works on the other', async () => {
    const signed = await assertion(hospital);
    const form = new URLSearchParams(credentials(signed, 'system/Procedure.rs')).toString();
    const post = (base: string) =>
      fetch(`${base}${new URL(audience).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const answers = await Promise.all([post(seeded.server.baseUrl), post(otherUrl)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const granted = (await answers.find((answer) => answer.status === 200)!.json()) as SystemAccessToken;
    for (const base of [seeded.server.baseUrl, otherUrl]) {
      const read = await fetch(`${base}${R5}/Procedure`, {
        headers: { authorization: `Bearer ${granted.access_token}` },
      });
      expect(read.status, base).toBe(200);
    }
  });

  it('refuses an expired assertion, one that lives longer than 5 minutes, and one for another audience', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await assertion(hospital, { exp: now - 120 });
    expect(
      await refusal(await tokenRequest(credentials(expired, 'system/Procedure.rs')), 401, 'invalid_client'),
    ).toMatch(/expired/);
    const long = await assertion(hospital, { exp: now + 3_600 });
    expect(await refusal(await tokenRequest(credentials(long, 'system/Procedure.rs')), 401, 'invalid_client')).toMatch(
      /300 s/,
    );
    const elsewhere = await assertion(hospital, { aud: 'https://other.example/token' });
    expect(
      await refusal(await tokenRequest(credentials(elsewhere, 'system/Procedure.rs')), 401, 'invalid_client'),
    ).toMatch(/"aud"/);
  });

  it('refuses an assertion signed with a key that is not in the client’s key set', async () => {
    const stranger = await keyPair('ES384');
    const forged = await assertion({ ...hospital, privateKey: stranger.privateKey });
    expect(
      await refusal(await tokenRequest(credentials(forged, 'system/Procedure.rs')), 401, 'invalid_client'),
    ).toMatch(/signature/);
    const unknownKid = await assertion({ ...hospital, privateKey: stranger.privateKey, kid: stranger.kid });
    expect(
      await refusal(await tokenRequest(credentials(unknownKid, 'system/Procedure.rs')), 401, 'invalid_client'),
    ).toMatch(/No key/);
  });

  it('answers a malformed token request in OAuth’s words, never 500', async () => {
    expect(await refusal(await tokenRequest({ grant_type: 'password' }), 400, 'unsupported_grant_type')).toMatch(
      /client_credentials/,
    );
    const noAssertion = { ...credentials('', 'system/Procedure.rs'), client_assertion: '' };
    await refusal(await tokenRequest(noAssertion), 400, 'invalid_request');
    await refusal(await tokenRequest(credentials('not-a-jwt', 'system/Procedure.rs')), 401, 'invalid_client');
    await refusal(await tokenRequest(credentials(await assertion(hospital), '')), 400, 'invalid_request');
    const json = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });

  it('audits every token and every call under the client’s name', async () => {
    const { access_token: token } = await tokenFor(hospital, 'system/Procedure.rs');
    await fhirJson(await fhir(token, '/Procedure'));
    const rows = await seeded.server.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('targetId', '=', hospital.client.id)
      .execute();
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['systemclient.create', 'systemclient.token', 'systemclient.use']));
    // Earlier tests called other routes with this client too: its rows come in no set order on PostgreSQL.
    const uses = rows.filter((row) => row.action === 'systemclient.use').map((row) => JSON.parse(row.after!));
    expect(uses).toContainEqual(
      expect.objectContaining({ name: 'Hospital information system', route: 'GET /api/fhir/R5/Procedure' }),
    );
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a revoked client gets no token, and its live token stops working at once', async () => {
    const { access_token: token } = await tokenFor(lab, 'system/Procedure.rs');
    await fhirJson(await fhir(token, '/Procedure'));
    const revoked = await seeded.clients.admin.post(
      `/api/admin/system-clients/eute/${seeded.ids.euteX}/${lab.client.id}/revoke`,
      {},
    );
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    expect(((await revoked.json()) as SystemClient).revokedAt).not.toBeNull();
    const outcome = await fhirJson(await fhir(token, '/Procedure'), 401);
    expect(outcome.resourceType).toBe('OperationOutcome');
    const onOther = await fetch(`${otherUrl}${R5}/Procedure`, { headers: { authorization: `Bearer ${token}` } });
    expect(onOther.status).toBe(401);
    await refusal(await tokenRequest(credentials(await assertion(lab), 'system/Procedure.rs')), 401, 'invalid_client');
  });

  it('a system token is no session: the app’s other routes refuse it', async () => {
    const { access_token: token } = await tokenFor(hospital, 'system/Procedure.rs');
    const answer = await machine().request('GET', '/api/physician/waitinglist', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
  });

  it('only admins register and revoke; auditors read; keys and scopes are checked', async () => {
    const organisation = `clinic/${seeded.ids.clinicA}`;
    const { jwk } = await keyPair('ES384');
    const valid = { name: 'PACS', jwks: { keys: [jwk] }, scopes: ['system/Procedure.rs'] };
    expect((await register('physicianA', organisation, valid)).status).toBe(403);
    expect((await register('auditor', organisation, valid)).status).toBe(403);
    expect((await seeded.clients.auditor.get(`/api/admin/system-clients/${organisation}`)).status).toBe(200);
    expect((await seeded.clients.physicianA.get(`/api/admin/system-clients/${organisation}`)).status).toBe(403);

    const refusals: [Json, RegExp][] = [
      [{ ...valid, jwksUrl: keyServerUrl }, /one of the two/],
      [{ ...valid, jwks: undefined, jwksUrl: 'http://keys.example.org/jwks.json' }, /https:\/\//],
      [{ ...valid, jwks: { keys: [{ ...jwk, d: 'secret' }] } }, /private key/],
      [{ ...valid, jwks: { keys: [{ kty: 'EC', kid: 'broken', crv: 'P-384', x: 'AQAB' }] } }, /broken/],
      [{ ...valid, scopes: ['system/Patient.rs'] }, /system\/Patient\.rs/],
    ];
    for (const [body, detail] of refusals) {
      const answer = await register('admin', organisation, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { detail: string }).detail).toMatch(detail);
    }
    const unknown = await register('admin', `clinic/${randomUUID()}`, valid);
    expect(unknown.status).toBe(404);
    const otherOrganisation = await seeded.clients.admin.post(
      `/api/admin/system-clients/clinic/${seeded.ids.clinicB}/${hospital.client.id}/revoke`,
      {},
    );
    expect(otherOrganisation.status).toBe(404);
  });
});
