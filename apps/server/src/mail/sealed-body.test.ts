import { describe, expect, it } from 'vitest';
import { createMailSealer, UnreadableMailError } from './sealed-body';

// A sealed body reads back only with the same signing secret and for the same outbox row.

const secret = (text: string) => new TextEncoder().encode(text);

describe('the sealed body of a PIN or link mail', () => {
  const sealer = createMailSealer(secret('the-signing-secret-of-this-installation-0123'));

  it('hides its content, differs at every sealing, and reads back for its row', () => {
    const first = sealer.seal('mail-1', 'Your PIN: 042424');
    const second = sealer.seal('mail-1', 'Your PIN: 042424');
    expect(first).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
    expect(first).not.toContain('042424');
    expect(second).not.toBe(first);
    expect(sealer.open('mail-1', first)).toBe('Your PIN: 042424');
  });

  it('refuses another row, another key and a changed byte; a plain body passes unchanged', () => {
    const sealed = sealer.seal('mail-1', 'https://x.example/recover/abc');
    expect(() => sealer.open('mail-2', sealed)).toThrow(UnreadableMailError);
    expect(() => createMailSealer(secret('another-secret-another-secret-0123456')).open('mail-1', sealed)).toThrow(
      UnreadableMailError,
    );
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => sealer.open('mail-1', flipped)).toThrow(UnreadableMailError);
    expect(sealer.open('mail-1', 'A match was found.')).toBe('A match was found.');
  });
});
