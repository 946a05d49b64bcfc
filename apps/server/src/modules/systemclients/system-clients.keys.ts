import type { JsonWebKeySet } from '@graftmatch/domain';
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { SystemClientRow } from '../../db/types';

// A system client's public keys (docs/fhir.md "System clients"): inline as registered, or read
// from the address it publishes them at, kept per client and read again when an assertion names a
// key not seen yet (at most every 30 s), so a client can rotate its keys without the admin.

/** How long reading a client's key set may take. */
const KEY_SET_TIMEOUT_MS = 5_000;
/** How soon a key set is read again for a key it did not hold. */
const KEY_SET_COOLDOWN_MS = 30_000;
/** How long a key set read is kept at most. */
const KEY_SET_MAX_AGE_MS = 10 * 60_000;

/** The members of a JSON Web Key that only a private key has (RFC 7518 §6). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The first key of a set that holds a private part, by its `kid` (or its position); null when all are public. */
export function privateKeyIn(jwks: JsonWebKeySet): string | null {
  const index = jwks.keys.findIndex((key) => PRIVATE_MEMBERS.some((member) => member in key));
  return index < 0 ? null : (jwks.keys[index]!.kid ?? `#${index + 1}`);
}

/** What verifies a client's assertions, made once per client and key source. */
export type KeySets = (client: SystemClientRow) => JWTVerifyGetKey;

export function createKeySets(): KeySets {
  const made = new Map<string, { source: string; keys: JWTVerifyGetKey }>();
  return (client) => {
    const source = client.jwksUrl ?? client.jwks ?? '';
    const known = made.get(client.id);
    if (known?.source === source) {
      return known.keys;
    }
    const keys = client.jwksUrl
      ? createRemoteJWKSet(new URL(client.jwksUrl), {
          timeoutDuration: KEY_SET_TIMEOUT_MS,
          cooldownDuration: KEY_SET_COOLDOWN_MS,
          cacheMaxAge: KEY_SET_MAX_AGE_MS,
        })
      : createLocalJWKSet(JSON.parse(source) as JsonWebKeySet);
    made.set(client.id, { source, keys });
    return keys;
  };
}
