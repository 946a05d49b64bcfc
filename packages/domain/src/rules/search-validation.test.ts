import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAFT_SEARCH_QUERY } from '../constants/default-search';
import { SEARCH_PARAMS_ERROR } from '../constants/search-bounds';
import { validateSearchQuery } from './search-validation';

/** The errors as their English text; the catalogue wording is the i18n tests' concern. */
const english = (query: unknown) => validateSearchQuery(query).map(({ field, message }) => ({ field, message }));

const search = (changes: Record<string, unknown>) => ({ ...DEFAULT_GRAFT_SEARCH_QUERY, ...changes });

describe('validateSearchQuery', () => {
  it('lets the default search of the filter panel run', () => {
    expect(english(DEFAULT_GRAFT_SEARCH_QUERY)).toEqual([]);
  });

  it('answers the spec text for every missing parameter when nothing was sent', () => {
    for (const nothing of [undefined, null, {}, 'query']) {
      const errors = english(nothing);
      expect(errors).toHaveLength(6);
      expect(errors.every((error) => error.message === SEARCH_PARAMS_ERROR)).toBe(true);
    }
    expect(SEARCH_PARAMS_ERROR).toBe('#ERR: Invalid parameters for searching grafts!');
  });

  it('treats empty and null fields as missing', () => {
    expect(english(search({ query_l_min: '', query_type: null }))).toEqual([
      { field: 'query_type', message: SEARCH_PARAMS_ERROR },
      { field: 'query_l_min', message: SEARCH_PARAMS_ERROR },
    ]);
  });

  it('accepts the bounds themselves and refuses anything beyond', () => {
    expect(english(search({ query_d_min: 40, query_d_max: 50, query_l_min: 120, query_l_l_min: 100 }))).toEqual([]);
    expect(english(search({ query_d_min: 4.5, query_l_min: 9, query_l_r_min: 101 }))).toEqual([
      { field: 'query_d_min', message: 'must be between 5 and 50' },
      { field: 'query_l_min', message: 'must be between 10 and 120' },
      { field: 'query_l_r_min', message: 'must be between 0 and 100' },
    ]);
  });

  it('refuses a type outside 1 to 8, fractional or as text', () => {
    for (const query_type of [0, 9, 2.5, '5']) {
      expect(english(search({ query_type }))).toEqual([
        { field: 'query_type', message: 'must be a graft type from 1 to 8' },
      ]);
    }
  });

  it('refuses NaN, infinities and numbers sent as text, but allows half millimetres', () => {
    expect(english(search({ query_l_l_min: Number.NaN, query_l_min: Infinity, query_d_max: '15' }))).toEqual([
      { field: 'query_d_max', message: 'must be a number' },
      { field: 'query_l_min', message: 'must be a number' },
      { field: 'query_l_l_min', message: 'must be a number' },
    ]);
    expect(english(search({ query_d_min: 20.5, query_d_max: 22.5 }))).toEqual([]);
  });

  it('refuses a diameter range upside down', () => {
    expect(english(search({ query_d_min: 20, query_d_max: 18 }))).toEqual([
      { field: 'query_d_min', message: 'must not be greater than query_d_max' },
    ]);
  });

  it('allows a span of exactly 10 but not a hair more', () => {
    expect(english(search({ query_d_min: 20, query_d_max: 30 }))).toEqual([]);
    expect(english(search({ query_d_min: 20, query_d_max: 30.5 }))).toEqual([
      { field: 'query_d_max', message: 'may exceed query_d_min by at most 10' },
    ]);
  });

  it('does not compare diameters when one of them is already wrong', () => {
    expect(english(search({ query_d_min: 5, query_d_max: 60 }))).toEqual([
      { field: 'query_d_max', message: 'must be between 5 and 50' },
    ]);
  });
});
