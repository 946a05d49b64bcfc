import { describe, expect, it } from 'vitest';
import { createSecretHasher } from '../identity/secrets';
import { createConnectionTokens } from './connection-token';
import { notifyPayloads } from './postgres-bus';
import { graftsChanged, testAlert } from './push-audience';

describe('push connection tokens', () => {
  let clock = new Date('2030-01-01T00:00:00Z');
  const tokens = createConnectionTokens({
    secrets: createSecretHasher(new Uint8Array(32).fill(7)),
    now: () => clock,
    lifetimeMs: 30_000,
  });

  it('are redeemed once, only by the session they were issued to, and verified after that', () => {
    const { connectionId, connectionToken } = tokens.issue('session-1', { stateful: false });
    expect(tokens.redeem(connectionToken, 'session-2')).toBeNull();
    expect(tokens.redeem(connectionToken, 'session-1')).toEqual({ connectionId, stateful: false });
    expect(tokens.redeem(connectionToken, 'session-1')).toBeNull();
    expect(tokens.verify(connectionToken, 'session-1')).toEqual({ connectionId, stateful: false });
    expect(tokens.verify(connectionToken, 'session-2')).toBeNull();
  });

  it('expire for opening a connection, carry whether it is stateful, and cannot be altered', () => {
    const { connectionId, connectionToken } = tokens.issue('session-1', { stateful: true });
    const [id, expiry, flag, mac] = connectionToken.split('.');
    expect(tokens.redeem(`${id}.${Number(expiry) + 60_000}.${flag}.${mac}`, 'session-1')).toBeNull();
    expect(tokens.verify(`${id}.${expiry}.n.${mac}`, 'session-1')).toBeNull();
    expect(tokens.redeem(`${id}.${expiry}.${flag}`, 'session-1')).toBeNull();
    clock = new Date(clock.getTime() + 30_001);
    expect(tokens.redeem(connectionToken, 'session-1')).toBeNull();
    expect(tokens.verify(connectionToken, 'session-1')).toEqual({ connectionId, stateful: true });
  });
});

describe('NOTIFY payloads', () => {
  it('fit PostgreSQL’s 8000-byte limit: a long list of changed lots is split, a small event is one payload', () => {
    expect(notifyPayloads('origin', testAlert('hi'))).toHaveLength(1);
    const lots = Array.from({ length: 2000 }, (_, index) => ({
      lot: `LOT-${String(index).padStart(6, '0')}`,
      euteId: 'eute-x',
      clinicId: null,
      free: true,
    }));
    const payloads = notifyPayloads('origin', graftsChanged(lots));
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
    const relayed = payloads.flatMap(
      (payload) => (JSON.parse(payload) as { envelope: { message: { args: [string[]] } } }).envelope.message.args[0],
    );
    expect(relayed).toEqual(lots.map((graft) => graft.lot));
  });
});
