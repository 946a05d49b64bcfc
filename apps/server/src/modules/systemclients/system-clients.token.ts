import { grantSystemScopes, type SystemAccessToken } from '@graftmatch/domain';
import { decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { SystemClientRow } from '../../db/types';
import { ProblemError, type Detail } from '../../http/problem';
import { newSystemToken, SYSTEM_TOKEN_SECONDS } from '../../identity/system-tokens';
import { organisationIsActive } from '../../identity/system-tokens.repository';
import { recordAudit } from '../audit/audit.service';
import { tokenEndpointOf, type SystemClientsDeps } from './system-clients.deps';
import * as repo from './system-clients.repository';

// The token endpoint of SMART Backend Services (docs/fhir.md "System clients"): a registered client
// authenticates with a JWT it signed with its own key (RFC 7523, `private_key_jwt`) and gets a
// short-lived access token for the scopes it asked for, within those it is registered for.

export const CLIENT_CREDENTIALS = 'client_credentials';
export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The algorithms SMART asks servers to take for assertions. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'];
/** An assertion may expire no later than this after now (SMART: five minutes). */
const ASSERTION_MAX_SECONDS = 300;
/** How far the client's clock may be off ours. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** The form a client posts (application/x-www-form-urlencoded). */
export interface TokenRequest {
  grant_type?: string;
  scope?: string;
  client_assertion_type?: string;
  client_assertion?: string;
}

/** OAuth's error codes (RFC 6749 §5.2) this endpoint answers with. */
type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type';

/** A refusal in OAuth's words: `error` beside the problem's detail (the route words it as `error_description`). */
function refusal(error: OAuthError, detail: Detail): ProblemError {
  return error === 'invalid_client'
    ? new ProblemError(401, 'Unauthorized', detail, { error })
    : new ProblemError(400, 'Bad Request', detail, { error });
}

const invalidClient = (detail: Detail) => refusal('invalid_client', detail);

/** The form's own rules: the grant, the assertion's type, the assertion and the scopes asked for. */
function checkForm(form: TokenRequest): { assertion: string; requested: string[] } {
  if (form.grant_type !== CLIENT_CREDENTIALS) {
    throw refusal('unsupported_grant_type', { key: 'problem.token.grantType' });
  }
  if (form.client_assertion_type !== JWT_BEARER_ASSERTION) {
    throw refusal('invalid_request', { key: 'problem.token.assertionType' });
  }
  if (!form.client_assertion) {
    throw refusal('invalid_request', { key: 'problem.token.assertionMissing' });
  }
  const requested = (form.scope ?? '').split(' ').filter(Boolean);
  if (requested.length === 0) {
    throw refusal('invalid_request', { key: 'problem.token.scopeMissing' });
  }
  return { assertion: form.client_assertion, requested };
}

/** The client the assertion says it comes from, registered, live and of an active organisation; else 401. */
async function claimedClient(deps: SystemClientsDeps, assertion: string): Promise<SystemClientRow> {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(assertion);
  } catch {
    throw invalidClient({ key: 'problem.token.notJwt' });
  }
  const client = typeof claims.iss === 'string' ? await repo.findClient(deps.db, claims.iss) : undefined;
  if (!client || client.revokedAt !== null || !(await organisationIsActive(deps.db, client))) {
    throw invalidClient({ key: 'problem.token.clientUnknown' });
  }
  return client;
}

/** Why jose refused an assertion, for the client's developers. */
function reasonOf(error: unknown): Detail {
  if (error instanceof joseErrors.JWTExpired) {
    return { key: 'problem.token.assertionExpired' };
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return { key: 'problem.token.assertionClaim', params: { claim: error.claim } };
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey) {
    return { key: 'problem.token.assertionNoKey' };
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return { key: 'problem.token.assertionSignature' };
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return { key: 'problem.token.assertionAlgorithm', params: { algorithms: ASSERTION_ALGORITHMS.join(', ') } };
  }
  return { key: 'problem.token.notJwt' };
}

/** The assertion's claims once its signature, issuer, subject, audience and lifetime check out; else 401. */
async function verifiedClaims(
  deps: SystemClientsDeps,
  client: SystemClientRow,
  assertion: string,
): Promise<{ jti: string; exp: number }> {
  const now = deps.now();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, deps.keySets(client), {
      issuer: client.id,
      subject: client.id,
      audience: tokenEndpointOf(deps.publicUrl),
      algorithms: ASSERTION_ALGORITHMS,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) {
      throw invalidClient({ key: 'problem.token.keysUnreadable', params: { url: client.jwksUrl ?? '' } });
    }
    if (client.jwksUrl !== null && !(error instanceof joseErrors.JOSEError)) {
      throw invalidClient({ key: 'problem.token.keysUnreadable', params: { url: client.jwksUrl } });
    }
    throw invalidClient(reasonOf(error));
  }
  const { jti, exp } = payload as { jti: unknown; exp: number };
  if (typeof jti !== 'string' || jti === '' || jti.length > 255) {
    throw invalidClient({ key: 'problem.token.assertionClaim', params: { claim: 'jti' } });
  }
  if (exp > now.getTime() / 1000 + ASSERTION_MAX_SECONDS + CLOCK_TOLERANCE_SECONDS) {
    throw invalidClient({ key: 'problem.token.assertionLifetime', params: { seconds: ASSERTION_MAX_SECONDS } });
  }
  return { jti, exp };
}

/** `POST /api/fhir/token`: an access token for a client that proved itself with a signed assertion. */
export async function issueSystemToken(
  deps: SystemClientsDeps,
  form: TokenRequest,
  ip: string | null,
): Promise<SystemAccessToken> {
  const { assertion, requested } = checkForm(form);
  const client = await claimedClient(deps, assertion);
  const { jti, exp } = await verifiedClaims(deps, client, assertion);
  const granted = grantSystemScopes(client.scopes.split(' '), requested);
  if (granted.length === 0) {
    throw refusal('invalid_scope', { key: 'problem.token.scopeNotGranted', params: { scopes: client.scopes } });
  }
  const at = deps.now();
  const { token, tokenHash } = newSystemToken();
  await deps.db.transaction().execute(async (trx) => {
    await repo.forgetExpired(trx, at.toISOString());
    const first = await repo.useAssertion(trx, {
      clientId: client.id,
      jti,
      // Kept as long as a late clock could still pass it.
      expiresAt: new Date((exp + CLOCK_TOLERANCE_SECONDS) * 1000).toISOString(),
    });
    if (!first) {
      throw invalidClient({ key: 'problem.token.assertionReplayed' });
    }
    await repo.insertToken(trx, {
      tokenHash,
      clientId: client.id,
      scopes: granted.join(' '),
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + SYSTEM_TOKEN_SECONDS * 1000).toISOString(),
    });
    await recordAudit(trx, {
      actorUserId: null,
      action: 'systemclient.token',
      targetType: 'systemClient',
      targetId: client.id,
      after: {
        name: client.name,
        organisationType: client.organisationType,
        organisationId: client.organisationId,
        scopes: granted,
      },
      ip,
      at,
    });
  });
  return { access_token: token, token_type: 'bearer', expires_in: SYSTEM_TOKEN_SECONDS, scope: granted.join(' ') };
}
