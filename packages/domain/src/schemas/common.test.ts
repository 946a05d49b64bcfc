import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../rules/text';
import { Email, IsoDate, IsoDateTime, MultiLineText, RequiredText } from './common';

const CONTROLS = ['\u0000', '\r', '\n', '\u001B', '\u007F', '\u0085', '\u2028', '\u202E', '\u2067'];

describe('text, e-mail and date schemas', () => {
  it('refuses control, line-break and bidirectional-override characters in one-line text', () => {
    expect(Value.Check(RequiredText(), 'Klinikum Süd – Herzchirurgie')).toBe(true);
    for (const control of CONTROLS) {
      expect(Value.Check(RequiredText(), `Klinik${control}Nord`), JSON.stringify(control)).toBe(false);
      expect(hasControlCharacters(`a${control}b`)).toBe(true);
    }
    expect(hasControlCharacters('dr.berg@clinic.example')).toBe(false);
  });

  it('lets multi-line text keep tabs and line breaks, but no other controls', () => {
    expect(Value.Check(MultiLineText(), 'Line one\r\nline two\tend')).toBe(true);
    expect(Value.Check(MultiLineText(), 'NUL\u0000')).toBe(false);
    expect(Value.Check(MultiLineText(), 'override\u202E')).toBe(false);
  });

  it('refuses e-mail addresses carrying a NUL or another control character', () => {
    expect(Value.Check(Email, 'doctor@clinic.example')).toBe(true);
    expect(Value.Check(Email, 'doc\u0000tor@clinic.example')).toBe(false);
    expect(Value.Check(Email, 'doctor@clinic.example\u202E')).toBe(false);
  });

  it('accepts real calendar dates only, leap days included', () => {
    for (const date of ['2024-02-29', '2000-02-29', '2027-01-31', '2027-04-30', '2027-12-31']) {
      expect(Value.Check(IsoDate, date), date).toBe(true);
    }
    for (const date of ['2027-02-30', '2027-02-29', '1900-02-29', '2027-04-31', '2027-13-01', '2027-00-10']) {
      expect(Value.Check(IsoDate, date), date).toBe(false);
    }
    expect(Value.Check(IsoDateTime, '2024-02-29T23:59:59.999Z')).toBe(true);
    expect(Value.Check(IsoDateTime, '2027-02-30T10:00:00Z')).toBe(false);
  });
});
