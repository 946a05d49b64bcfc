import { describe, expect, it } from 'vitest';
import { MESSAGES_DE } from './messages.de';
import { MESSAGES_EN } from './messages.en';
import { languageOfHeader, translate } from './translate';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server catalogue', () => {
  it('has the same keys and placeholders in German as in English', () => {
    expect(keys(MESSAGES_DE)).toEqual(keys(MESSAGES_EN));
    for (const key of keys(MESSAGES_EN)) {
      expect(placeholders(translate('de', key)), key).toEqual(placeholders(translate('en', key)));
    }
  });

  it('fills placeholders and words "n.d." as "k. A." in German', () => {
    expect(translate('de', 'ranking.waiting', { count: 12 })).toBe('wartet seit 12 Tagen');
    expect(translate('de', 'ranking.waiting', { count: 1 })).toBe('wartet seit 1 Tag');
    expect(translate('en', 'ranking.waiting', { count: 12 })).toBe('waiting 12 days');
    // Numbers as the reader writes them, never grouped (years, codes).
    const off = { diameter: 20.5, off: 0.5, min: 18, max: 24 };
    expect(translate('de', 'ranking.diameterOff', off)).toBe('20,5 mm liegt 0,5 mm von der Mitte von 18–24 mm');
    expect(translate('en', 'ranking.diameterOff', off)).toBe('20.5 mm is 0.5 mm from the middle of 18–24 mm');
    expect(translate('de', 'validation.between', { min: 1900, max: 2100 })).toBe('muss zwischen 1900 und 2100 liegen');
    expect(translate('de', 'common.notDocumented')).toBe('k. A.');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('counts the attempts left in the singular and the plural, in both languages', () => {
    expect(translate('de', 'problem.auth.wrongLogin', { count: 1 })).toBe(
      'Falscher Benutzername oder falsches Passwort. Noch 1 Versuch.',
    );
    expect(translate('de', 'problem.auth.wrongLogin', { count: 4 })).toBe(
      'Falscher Benutzername oder falsches Passwort. Noch 4 Versuche.',
    );
    expect(translate('en', 'problem.auth.wrongLogin', { count: 4 })).toBe(
      'Wrong user name or password. 4 attempts left.',
    );
  });
});

describe('the language of an Accept-Language header', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['fr-FR,de;q=0.5', 'de'],
    ['fr', 'en'],
    ['en;q=0.2,de;q=0.7', 'de'],
    ['de;q=0', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageOfHeader(header)).toBe(language);
  });
});
