import { describe, expect, it } from 'vitest';
import {
  codeMatchesGraft,
  compactSingleEuropeanCode,
  formatSingleEuropeanCode,
  isbt128SecData,
  parseGraftCode,
  type GraftCode,
} from './graft-code';
import { parseSingleEuropeanCode } from './single-european-code';
import { translateMessage } from '../i18n/translate';

// From the demo data (apps/server/demo/grafts-north.csv and grafts-south.json).
const NORTH = 'DE000123 2021264932585 E0042108 001 20260704';
const SOUTH = 'DE000456 2021697086150 E0042107 001 20260627';
const NORTH_COMPACT = 'DE0001232021264932585E004210800120260704';

const ok = (text: string): GraftCode => {
  const code = parseGraftCode(text);
  if ('error' in code) {
    throw new Error(`${text}: ${code.error.key}`);
  }
  return code;
};
const reason = (text: string, language: 'en' | 'de' = 'en'): string => {
  const code = parseGraftCode(text);
  if (!('error' in code)) {
    throw new Error(`${text} was read as ${code.kind}`);
  }
  return translateMessage(language, code.error);
};

describe('single European code', () => {
  it('reads the demo SECs with and without spaces into the same parts', () => {
    const parts = {
      establishment: 'DE000123',
      donation: '2021264932585',
      product: 'E0042108',
      split: '001',
      expiry: '2026-07-04',
    };
    expect(ok(NORTH)).toEqual({ kind: 'sec', sec: NORTH_COMPACT, parts });
    expect(ok(NORTH_COMPACT)).toEqual({ kind: 'sec', sec: NORTH_COMPACT, parts });
    expect(ok(SOUTH)).toMatchObject({ kind: 'sec', sec: SOUTH.replaceAll(' ', '') });
  });

  it('reads the eye-readable forms: the acronym, two lines, lower case, a scanner prefix', () => {
    for (const text of [
      `SEC ${NORTH}`,
      `SEC: ${NORTH}`,
      'DE000123 2021264932585\nE0042108 001 20260704',
      NORTH.toLowerCase(),
      `  ${NORTH}\r\n`,
    ]) {
      expect(ok(text)).toMatchObject({ kind: 'sec', sec: NORTH_COMPACT });
    }
  });

  it('reads 00000000 as a product without expiry and writes it back', () => {
    const code = ok('DE000123 2021264932585 E0042108 001 00000000');
    expect(code).toMatchObject({ kind: 'sec', parts: { expiry: null } });
    if (code.kind !== 'lot') {
      expect(formatSingleEuropeanCode(code.parts)).toBe('DE000123 2021264932585 E0042108 001 00000000');
    }
  });

  it('writes the parts back as the eye-readable, compact and ISBT 128 forms', () => {
    const parts = parseSingleEuropeanCode(NORTH);
    if ('error' in parts) {
      throw new Error(parts.error.key);
    }
    expect(formatSingleEuropeanCode(parts)).toBe(NORTH);
    expect(compactSingleEuropeanCode(parts)).toBe(NORTH_COMPACT);
    expect(isbt128SecData(parts)).toBe(`&,4${NORTH_COMPACT}`);
  });

  it('tells why a text is not an SEC', () => {
    expect(reason('DE000123 2021264932585 E0042108 001 2026070')).toBe(
      'is not a Single European Code: it must have 40 characters in five parts, not 39',
    );
    expect(reason('DE000123 2021264932585 E0042108 001 2026070', 'de')).toBe(
      'ist kein Single European Code: er muss 40 Zeichen in fünf Teilen haben, nicht 39',
    );
    expect(reason('US000123 2021264932585 E0042108 001 20260704')).toBe(
      'is not a Single European Code: country code US is not an EU or EEA member state',
    );
    expect(reason('DE000123 2021264932585 E0042108 001 20260231')).toBe(
      'is not a Single European Code: expiry 20260231 is not a real date',
    );
    expect(reason('DE000123 2021264932585 X0042108 001 20260704')).toMatch(
      /^is not a Single European Code: it must be establishment code \(8\)/,
    );
    expect(reason('SEC 12345')).toBe('is not a Single European Code: it must have 40 characters in five parts, not 5');
  });
});

describe('ISBT 128 data structure 038', () => {
  it('reads &,4 and the 40 characters, also after a Data Matrix or Code 128 symbology identifier', () => {
    for (const text of [`&,4${NORTH_COMPACT}`, `]d2&,4${NORTH_COMPACT}`, `]C0&,4${NORTH_COMPACT}`]) {
      expect(ok(text)).toMatchObject({ kind: 'isbt038', sec: NORTH_COMPACT, parts: { expiry: '2026-07-04' } });
    }
  });

  it('tells why an ISBT 128 text is not the SEC', () => {
    expect(reason('=A99992012345600')).toBe(
      'has the ISBT 128 data identifier =A9, not data structure 038 (&,4), the SEC',
    );
    expect(reason('&,1LOT12345')).toBe('has the ISBT 128 data identifier &,1, not data structure 038 (&,4), the SEC');
    expect(reason(`&,4${NORTH_COMPACT.slice(1)}`)).toBe(
      'is ISBT 128 data structure 038 (&,4) with 39 characters, not 40 letters or digits',
    );
    expect(reason(`&,4${NORTH}`)).toBe(
      'is ISBT 128 data structure 038 (&,4) with 44 characters, not 40 letters or digits',
    );
    expect(reason(`&,4FR${NORTH_COMPACT.slice(2, 32)}20261301`)).toBe(
      'is not a Single European Code: expiry 20261301 is not a real date',
    );
    expect(reason(`&,4XX${NORTH_COMPACT.slice(2)}`, 'de')).toBe(
      'ist kein Single European Code: der Ländercode XX ist kein Mitgliedstaat der EU oder des EWR',
    );
  });
});

describe('lot', () => {
  it('reads the demo lots as lots', () => {
    expect(ok('EB1-2021-0001')).toEqual({ kind: 'lot', lot: 'EB1-2021-0001' });
    expect(ok(' EB2-2021-0001 ')).toEqual({ kind: 'lot', lot: 'EB2-2021-0001' });
    expect(ok('SEC-2021-7')).toEqual({ kind: 'lot', lot: 'SEC-2021-7' });
  });

  it('refuses empty text and characters no lot has', () => {
    expect(reason('   ')).toBe('is empty');
    expect(reason('   ', 'de')).toBe('ist leer');
    expect(reason('EB1/2021/0001')).toBe(
      'is neither a lot, a Single European Code nor an ISBT 128 Single European Code (&,4)',
    );
    expect(reason('x'.repeat(65))).toBe(
      'is neither a lot, a Single European Code nor an ISBT 128 Single European Code (&,4)',
    );
  });
});

describe('code matches graft', () => {
  const withSec = { lot: 'EB1-2021-0001', sec: NORTH };
  const withoutSec = { lot: 'EB1-2021-0002', sec: null };

  it('needs the SEC of a graft that carries one, whichever way it was read', () => {
    expect(codeMatchesGraft(ok(NORTH_COMPACT), withSec)).toBe(true);
    expect(codeMatchesGraft(ok(`&,4${NORTH_COMPACT}`), withSec)).toBe(true);
    expect(codeMatchesGraft(ok(SOUTH), withSec)).toBe(false);
    expect(codeMatchesGraft(ok('EB1-2021-0001'), withSec)).toBe(false);
  });

  it('needs the lot of a graft without SEC', () => {
    expect(codeMatchesGraft(ok('EB1-2021-0002'), withoutSec)).toBe(true);
    expect(codeMatchesGraft(ok('EB1-2021-0001'), withoutSec)).toBe(false);
    expect(codeMatchesGraft(ok(NORTH), withoutSec)).toBe(false);
  });
});
