import { describe, expect, it } from 'vitest';
import { parseSystemScope, SYSTEM_CLIENT_KEYS_MAX } from '@graftmatch/domain';
import {
  jwksUrlAllowed,
  readKeySet,
  scopesOf,
  systemClientFormErrors,
  systemClientState,
  toSystemClientInput,
  type SystemClientFormState,
} from './systemClientForm';

const PUBLIC_KEY = { kty: 'EC', crv: 'P-384', kid: 'his-2026', x: 'xx', y: 'yy' };
const filled = (changes: Partial<SystemClientFormState> = {}): SystemClientFormState => ({
  ...systemClientState(),
  name: ' Hospital information system ',
  jwksUrl: ' https://his.example/jwks.json ',
  scopes: ['Procedure.read', 'BiologicallyDerivedProduct.search', 'BiologicallyDerivedProduct.read'],
  ...changes,
});

describe('system client form', () => {
  it('starts empty, with the keys by address, and refuses that before sending', () => {
    expect(systemClientFormErrors(systemClientState())).toEqual({
      name: 'required',
      jwksUrl: 'required',
      scopes: 'scopes',
    });
  });

  it('sends the address, trimmed, and the ticked boxes as SMART 2 scopes in the grid order', () => {
    const state = filled();
    expect(systemClientFormErrors(state)).toEqual({});
    expect(toSystemClientInput(state)).toEqual({
      name: 'Hospital information system',
      jwksUrl: 'https://his.example/jwks.json',
      scopes: ['system/BiologicallyDerivedProduct.rs', 'system/Procedure.r'],
    });
  });

  it('gives each type r, s or rs, as the server reads them back', () => {
    const scopes = scopesOf(['Observation.search', 'AdverseEvent.read', 'AdverseEvent.search']);
    expect(scopes).toEqual(['system/AdverseEvent.rs', 'system/Observation.s']);
    expect(scopes.map(parseSystemScope)).toEqual([
      [{ resource: 'AdverseEvent', read: true, search: true }],
      [{ resource: 'Observation', read: false, search: true }],
    ]);
    expect(scopesOf([])).toEqual([]);
  });

  it('takes https addresses, and plain http to this machine only', () => {
    expect(jwksUrlAllowed('https://his.example/jwks.json')).toBe(true);
    expect(jwksUrlAllowed('http://127.0.0.1:8080/jwks')).toBe(true);
    expect(jwksUrlAllowed('http://localhost/jwks')).toBe(true);
    expect(jwksUrlAllowed('http://his.example/jwks.json')).toBe(false);
    expect(jwksUrlAllowed('his.example/jwks.json')).toBe(false);
    expect(jwksUrlAllowed('https://his.example/a b')).toBe(false);
    expect(jwksUrlAllowed('ftp://his.example/jwks.json')).toBe(false);
    expect(systemClientFormErrors(filled({ jwksUrl: 'http://his.example/jwks' }))).toEqual({ jwksUrl: 'jwksUrl' });
  });

  it('sends a pasted key set instead of the address, its public keys only', () => {
    const state = filled({ keySource: 'jwks', jwks: JSON.stringify({ keys: [PUBLIC_KEY], note: 'made by jose' }) });
    expect(systemClientFormErrors(state)).toEqual({});
    expect(toSystemClientInput(state)).toEqual({
      name: 'Hospital information system',
      jwks: { keys: [PUBLIC_KEY] },
      scopes: ['system/BiologicallyDerivedProduct.rs', 'system/Procedure.r'],
    });
  });

  it('refuses a pasted set that is no JSON, no key set, too small or large, or holds a private key', () => {
    const keys = (count: number) => JSON.stringify({ keys: Array.from({ length: count }, () => PUBLIC_KEY) });
    expect(readKeySet('{ keys: [')).toEqual({ error: 'jwksJson' });
    expect(readKeySet('null')).toEqual({ error: 'jwksShape' });
    expect(readKeySet(JSON.stringify([PUBLIC_KEY]))).toEqual({ error: 'jwksShape' });
    expect(readKeySet(JSON.stringify(PUBLIC_KEY))).toEqual({ error: 'jwksShape' });
    expect(readKeySet(JSON.stringify({ keys: [{ kid: 'no-type' }] }))).toEqual({ error: 'jwksShape' });
    expect(readKeySet(keys(0))).toEqual({ error: 'jwksCount' });
    expect(readKeySet(keys(SYSTEM_CLIENT_KEYS_MAX + 1))).toEqual({ error: 'jwksCount' });
    expect(readKeySet(keys(SYSTEM_CLIENT_KEYS_MAX))).toHaveProperty('keySet');
    expect(readKeySet(JSON.stringify({ keys: [PUBLIC_KEY, { ...PUBLIC_KEY, kid: 'his-old', d: 'secret' }] }))).toEqual({
      error: 'jwksPrivate',
      kid: 'his-old',
    });
    // A key without a kid is named by its place; a symmetric key's `k` is as secret as `d`.
    expect(readKeySet(JSON.stringify({ keys: [PUBLIC_KEY, { kty: 'oct', k: 'c2VjcmV0' }] }))).toEqual({
      error: 'jwksPrivate',
      kid: '#2',
    });
    expect(systemClientFormErrors(filled({ keySource: 'jwks', jwks: ' ' }))).toEqual({ jwks: 'required' });
    expect(() => toSystemClientInput(filled({ keySource: 'jwks', jwks: '{' }))).toThrow();
  });
});
