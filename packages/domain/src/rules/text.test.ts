import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { MultiLineText, RequiredText } from '../schemas/common';
import { readImportCells } from './graft-import-row';
import { hasControlCharacters, replaceForbiddenCharacters, textRuleProblem } from './text';

// Every character the rule refuses in one line: controls, NEL, the separators, bidi overrides and isolates.
const FORBIDDEN = [
  '\u0000',
  '\u0007',
  '\r',
  '\n',
  '\t',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u2028',
  '\u2029',
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'],
];
const LINE_BREAKS = ['\r', '\n', '\t'];

describe('the text rule', () => {
  it('refuses in one line exactly what the API schemas refuse', () => {
    for (const character of FORBIDDEN) {
      const text = `Klinik${character}Nord`;
      expect(textRuleProblem(text, { multiLine: false }), JSON.stringify(character)).not.toBeNull();
      expect(Value.Check(RequiredText(), text), JSON.stringify(character)).toBe(false);
      expect(hasControlCharacters(text)).toBe(true);
    }
    expect(textRuleProblem('Klinikum Süd – Herzchirurgie, العربية', { multiLine: false })).toBeNull();
  });

  it('lets multi-line text keep tab and line breaks only, like the API', () => {
    for (const character of FORBIDDEN) {
      const allowed = LINE_BREAKS.includes(character);
      const text = `Line one${character}line two`;
      expect(textRuleProblem(text, { multiLine: true }) === null, JSON.stringify(character)).toBe(allowed);
      expect(Value.Check(MultiLineText(), text), JSON.stringify(character)).toBe(allowed);
    }
  });

  it('replaces refused characters when a name is cleaned rather than refused', () => {
    expect(replaceForbiddenCharacters('photo\u202Egpj.exe.jpg', '_')).toBe('photo_gpj.exe.jpg');
    expect(replaceForbiddenCharacters('a\u0085b\u2066c', '')).toBe('abc');
  });
});

describe("an import's text cells follow the same rule", () => {
  it('refuses a bidi override, NEL or a line separator in a one-line field, naming the field', () => {
    for (const character of ['\u202E', '\u2066', '\u2069', '\u0085', '\u2028', '\u2029', '\u009B', '\n']) {
      const { fields, errors } = readImportCells({ e_Lot: 'EB1-2026-0042', x_Lot: `PX${character}1`, t_Lot: 'T1' });
      expect(errors, JSON.stringify(character)).toEqual([
        { field: 'x_Lot', message: 'must not contain control characters, line breaks or bidirectional overrides' },
      ]);
      expect(fields).not.toHaveProperty('x_Lot');
      expect(fields.t_Lot).toBe('T1');
    }
  });

  it('refuses a bidi override or NEL in a remark, but keeps its line breaks and tabs', () => {
    for (const character of ['\u202E', '\u2067', '\u0085', '\u2028', '\u0000']) {
      const { errors } = readImportCells({ d_Remarks_public: `Donor${character}history` });
      expect(
        errors.map((error) => error.field),
        JSON.stringify(character),
      ).toEqual(['d_Remarks_public']);
    }
    const { fields, errors } = readImportCells({ d_Remarks_public: 'Line one\r\nline two\tend' });
    expect(errors).toEqual([]);
    expect(fields.d_Remarks_public).toBe('Line one\r\nline two\tend');
  });
});
