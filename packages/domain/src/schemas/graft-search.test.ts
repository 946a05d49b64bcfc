import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAFT_SEARCH_QUERY } from '../constants/default-search';
import { GraftSearchQuery } from './graft-search';

describe('GraftSearchQuery schema', () => {
  it('fills a fresh filter panel with the spec defaults', () => {
    expect(Value.Default(GraftSearchQuery, {})).toEqual(DEFAULT_GRAFT_SEARCH_QUERY);
    expect(DEFAULT_GRAFT_SEARCH_QUERY).toEqual({
      query_type: 1,
      query_d_min: 5,
      query_d_max: 15,
      query_l_min: 10,
      query_l_l_min: 0,
      query_l_r_min: 0,
    });
  });

  it('checks each slider bound', () => {
    expect(Value.Check(GraftSearchQuery, { ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_max: 51 })).toBe(false);
    expect(Value.Check(GraftSearchQuery, { ...DEFAULT_GRAFT_SEARCH_QUERY, query_l_min: 121 })).toBe(false);
    expect(Value.Check(GraftSearchQuery, { ...DEFAULT_GRAFT_SEARCH_QUERY, query_l_r_min: -1 })).toBe(false);
  });

  it('uses the spec spelling query_type, not query_Type', () => {
    expect(Value.Check(GraftSearchQuery, { ...DEFAULT_GRAFT_SEARCH_QUERY })).toBe(true);
    const { query_type, ...rest } = DEFAULT_GRAFT_SEARCH_QUERY;
    expect(Value.Check(GraftSearchQuery, { ...rest, query_Type: query_type })).toBe(false);
  });
});
