import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@graftmatch/domain';
import deRest from './de.json';
import enRest from './en.json';
import dePublic from './public.de.json';
import enPublic from './public.en.json';

const de = { ...dePublic, ...deRest };
const en = { ...enPublic, ...enRest };

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it('German has exactly the keys English has, in each part', () => {
    expect(keys(dePublic).sort()).toEqual(keys(enPublic).sort());
    expect(keys(deRest).sort()).toEqual(keys(enRest).sort());
  });

  it('holds each section in one part only: the texts before sign-in, or the rest', () => {
    expect(Object.keys(enPublic).filter((section) => section in enRest)).toEqual([]);
  });

  it('names the graft types as the server does in its documents', () => {
    expect(MESSAGES.en.graftTypes).toEqual(en.graftTypes);
    expect(MESSAGES.de.graftTypes).toEqual(de.graftTypes);
  });

  it('keeps the spec text of the loading indicator', () => {
    expect(en.common.loading).toBe('Loading...');
  });
});
