import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@graftmatch/domain';
import de from './de.json';
import en from './en.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it('German has exactly the keys English has', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('names the graft types as the server does in its documents', () => {
    expect(MESSAGES.en.graftTypes).toEqual(en.graftTypes);
    expect(MESSAGES.de.graftTypes).toEqual(de.graftTypes);
  });

  it('keeps the spec text of the loading indicator', () => {
    expect(en.common.loading).toBe('Loading...');
  });
});
