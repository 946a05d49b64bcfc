import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCheckpoint, parsePublicKey, signCheckpoint, signingKeyFromSeed, verifierKey } from './audit.note';

const key = signingKeyFromSeed('graftmatch.example/audit', Buffer.alloc(32, 7));
const CHECKPOINT = { origin: 'graftmatch.example/audit', size: 1234, rootHash: 'ab'.repeat(32) };

describe('signed checkpoints (C2SP tlog-checkpoint notes)', () => {
  it('writes origin, size, base64 root hash, a blank line and one em-dash signature line', () => {
    const note = signCheckpoint(key, CHECKPOINT);
    const lines = note.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'graftmatch.example/audit',
      '1234',
      Buffer.alloc(32, 0xab).toString('base64'),
      '',
    ]);
    expect(lines[4]).toMatch(/^— graftmatch\.example\/audit [A-Za-z0-9+/]{91}=$/);
    expect(lines[5]).toBe('');
    // Ed25519 is deterministic: the same key and checkpoint sign to the same note.
    expect(signCheckpoint(key, CHECKPOINT)).toBe(note);
  });

  it('opens with the public key alone, given as a verifier key or as PEM', () => {
    const note = signCheckpoint(key, CHECKPOINT);
    const vkey = verifierKey(key.name, key.publicKey);
    expect(vkey).toMatch(/^graftmatch\.example\/audit\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(openCheckpoint(note, parsePublicKey(vkey))).toEqual(CHECKPOINT);
    const pem = key.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(openCheckpoint(note, parsePublicKey(pem))).toEqual(CHECKPOINT);
  });

  it('refuses a note whose body was changed, one of another key, and text that is no checkpoint', () => {
    const note = signCheckpoint(key, CHECKPOINT);
    expect(openCheckpoint(note.replace('\n1234\n', '\n1233\n'), key.publicKey)).toEqual(
      new Error('its signature does not verify with the public key'),
    );
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(openCheckpoint(note, other)).toEqual(new Error('it carries no signature of this public key'));
    expect(openCheckpoint('hello\n', key.publicKey)).toBeInstanceOf(Error);
    expect(() => parsePublicKey('not a key')).toThrow(/neither a verifier key/);
    expect(() => signingKeyFromSeed('x', randomBytes(16))).toThrow(/32 bytes/);
  });
});
