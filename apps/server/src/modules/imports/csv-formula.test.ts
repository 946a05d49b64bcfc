import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from './csv-formula';

describe('CSV formula neutralisation', () => {
  it('puts one quote before a text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
    for (const text of ['Donor without history', "'quoted", "It's fine", '1-2', 'a=b']) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });

  it('gives back every text as it was, also texts that start with quotes', () => {
    for (const text of ['=1+1', "'=1+1", "''@x", "'plain", "''", '-', "'", 'plain', '']) {
      expect(restoreFormula(neutraliseFormula(text))).toBe(text);
    }
    expect(restoreFormula("'hello")).toBe("'hello");
    expect(restoreFormula(42)).toBe(42);
    expect(restoreFormula(null)).toBeNull();
  });
});
