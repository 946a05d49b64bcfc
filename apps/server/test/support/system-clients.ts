import { randomUUID } from 'node:crypto';
import type { SystemAccessToken, SystemClient } from '@graftmatch/domain';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { expect } from 'vitest';
import type { SeededApp } from './clinical';

// A hospital's or a bank's own system as the tests play it (docs/fhir.md "System clients"): its key
// pair, its registration by the admin, its signed assertions and the tokens they buy.

export interface TestSystem {
  client: SystemClient;
  privateKey: CryptoKey;
  kid: string;
  alg: 'ES384' | 'RS384';
}

export async function keyPair(alg: 'ES384' | 'RS384') {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { jwk, privateKey, kid };
}

/** A client assertion for the token endpoint `audience`, valid for four minutes unless told otherwise. */
export function signedAssertion(
  system: TestSystem,
  audience: string,
  claims: { exp?: number; jti?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: system.alg, kid: system.kid, typ: 'JWT' })
    .setIssuer(system.client.id)
    .setSubject(system.client.id)
    .setAudience(audience)
    .setJti(claims.jti ?? randomUUID())
    .setExpirationTime(claims.exp ?? now + 240)
    .sign(system.privateKey);
}

/** A system the admin registers for `organisation` (`clinic/<id>`, `eute/<id>`) with its keys inline. */
export async function registerSystem(
  app: SeededApp,
  organisation: string,
  name: string,
  scopes: string[],
): Promise<TestSystem> {
  const key = await keyPair('ES384');
  const created = await app.clients.admin.post(`/api/admin/system-clients/${organisation}`, {
    name,
    jwks: { keys: [key.jwk] },
    scopes,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { client: (await created.json()) as SystemClient, ...key, alg: 'ES384' };
}

/** An access token of `system` for `scope`, asked for as a client would: a form, no cookie. */
export async function systemToken(app: SeededApp, system: TestSystem, scope: string): Promise<string> {
  const configuration = await fetch(`${app.server.baseUrl}/api/fhir/R5/.well-known/smart-configuration`);
  const audience = ((await configuration.json()) as { token_endpoint: string }).token_endpoint;
  const answer = await fetch(`${app.server.baseUrl}${new URL(audience).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await signedAssertion(system, audience),
    }).toString(),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as SystemAccessToken).access_token;
}
