import {
  formatSystemScope,
  SYSTEM_CLIENT_KEYS_MAX,
  SYSTEM_SCOPE_RESOURCES,
  SystemClientInput,
  type JsonWebKeySet,
  type ScopeInteraction,
  type SystemScopeResource,
} from '@graftmatch/domain';

// The form that registers a system client (docs/fhir.md "System clients"), its checks those the
// server makes, so that the admin hears of a wrong address or a private key before sending.

export const SYSTEM_CLIENT_FIELDS = ['name', 'jwksUrl', 'jwks', 'scopes'] as const;
export type SystemClientField = (typeof SYSTEM_CLIENT_FIELDS)[number];

/** Where the system's public keys come from: an address it publishes them at, or a set pasted here. */
export type KeySource = 'url' | 'jwks';
export const KEY_SOURCES: readonly KeySource[] = ['url', 'jwks'];

export const SCOPE_INTERACTIONS: readonly ScopeInteraction[] = ['read', 'search'];

/** A ticked box of the scope grid: `Procedure.read`. */
export type ScopeChoice = `${SystemScopeResource}.${ScopeInteraction}`;
export const scopeChoice = (resource: SystemScopeResource, interaction: ScopeInteraction): ScopeChoice =>
  `${resource}.${interaction}`;

export interface SystemClientFormState {
  name: string;
  keySource: KeySource;
  jwksUrl: string;
  /** The key set as pasted: JSON text. */
  jwks: string;
  scopes: ScopeChoice[];
}

export type SystemClientFormError =
  'required' | 'jwksUrl' | 'jwksJson' | 'jwksShape' | 'jwksCount' | 'jwksPrivate' | 'scopes';

/** The members of a JSON Web Key only a private (or secret) key has (RFC 7518 §6), as the server checks. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const urlPattern = new RegExp(SystemClientInput.properties.jwksUrl.pattern ?? '');

export function systemClientState(): SystemClientFormState {
  return { name: '', keySource: 'url', jwksUrl: '', jwks: '', scopes: [] };
}

/** Whether the server will read keys from this address: https, or plain http to this machine only. */
export function jwksUrlAllowed(address: string): boolean {
  if (!urlPattern.test(address)) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
}

type KeySetReading =
  | { keySet: JsonWebKeySet }
  | { error: Exclude<SystemClientFormError, 'required' | 'jwksUrl' | 'scopes' | 'jwksPrivate'> }
  /** `kid`: the private key, by its `kid` or its position (`#2`). */
  | { error: 'jwksPrivate'; kid: string };

/**
 * The pasted text as a key set `{ "keys": [ … ] }` of 1 to SYSTEM_CLIENT_KEYS_MAX public keys, or what
 * is wrong with it. Other members beside `keys` are left out, as the server would.
 */
export function readKeySet(text: string): KeySetReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'jwksJson' };
  }
  const keys = (value as { keys?: unknown } | null)?.keys;
  const isObject = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' && item !== null && !Array.isArray(item);
  if (!isObject(value) || !Array.isArray(keys) || !keys.every((key) => isObject(key) && typeof key.kty === 'string')) {
    return { error: 'jwksShape' };
  }
  if (keys.length < 1 || keys.length > SYSTEM_CLIENT_KEYS_MAX) {
    return { error: 'jwksCount' };
  }
  const keySet: JsonWebKeySet = { keys: keys as JsonWebKeySet['keys'] };
  const kid = privateKeyIn(keySet);
  return kid === null ? { keySet } : { error: 'jwksPrivate', kid };
}

/** The first key of a set holding a private part, by its `kid` (or its position); null when all are public. */
function privateKeyIn(keySet: JsonWebKeySet): string | null {
  const index = keySet.keys.findIndex((key) => PRIVATE_MEMBERS.some((member) => Object.hasOwn(key, member)));
  return index < 0 ? null : (keySet.keys[index]?.kid ?? `#${index + 1}`);
}

/** What the form refuses before sending: no name, a wrong address or key set, no scope. */
export function systemClientFormErrors(
  state: SystemClientFormState,
): Partial<Record<SystemClientField, SystemClientFormError>> {
  const errors: Partial<Record<SystemClientField, SystemClientFormError>> = {};
  if (state.name.trim() === '') {
    errors.name = 'required';
  }
  if (state.keySource === 'url') {
    const url = state.jwksUrl.trim();
    if (url === '') {
      errors.jwksUrl = 'required';
    } else if (!jwksUrlAllowed(url)) {
      errors.jwksUrl = 'jwksUrl';
    }
  } else if (state.jwks.trim() === '') {
    errors.jwks = 'required';
  } else {
    const reading = readKeySet(state.jwks);
    if ('error' in reading) {
      errors.jwks = reading.error;
    }
  }
  if (state.scopes.length === 0) {
    errors.scopes = 'scopes';
  }
  return errors;
}

/** The ticked boxes as scope texts in SMART 2's syntax, in the grid's order: `system/Procedure.rs`. */
export function scopesOf(choices: readonly ScopeChoice[]): string[] {
  return SYSTEM_SCOPE_RESOURCES.flatMap((resource) => {
    const read = choices.includes(scopeChoice(resource, 'read'));
    const search = choices.includes(scopeChoice(resource, 'search'));
    return read || search ? [formatSystemScope({ resource, read, search })] : [];
  });
}

/** The body of the POST: the keys from the chosen source only. Call after `systemClientFormErrors` found none. */
export function toSystemClientInput(state: SystemClientFormState): SystemClientInput {
  const name = state.name.trim();
  const scopes = scopesOf(state.scopes);
  if (state.keySource === 'url') {
    return { name, jwksUrl: state.jwksUrl.trim(), scopes };
  }
  const reading = readKeySet(state.jwks);
  if ('error' in reading) {
    throw new Error(`The pasted key set is not sent: ${reading.error}`);
  }
  return { name, jwks: reading.keySet, scopes };
}
