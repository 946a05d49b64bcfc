import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAFT_SEARCH_QUERY, GraftType } from '@graftmatch/domain';
import { pageFromParams, withPage } from '../../components/usePages';
import { defaultQuery, forType, queryFromParams, searchPath } from './searchQuery';

describe('search in the URL', () => {
  it('writes a search into the route of its type and reads it back', () => {
    const query = { ...defaultQuery(GraftType.AorticValve), query_d_min: 18, query_d_max: 26, query_l_min: 40 };
    const path = searchPath(GraftType.AorticValve, query);
    expect(path).toBe('/home/clinic/search/aortic_valve?d_min=18&d_max=26&l_min=40&l_l_min=0&l_r_min=0');
    expect(queryFromParams(GraftType.AorticValve, new URLSearchParams(path.split('?')[1]))).toEqual(query);
  });

  it('treats a missing part, or a search the rules refuse, as no search', () => {
    expect(queryFromParams(GraftType.AorticValve, new URLSearchParams('d_min=5&d_max=15'))).toBeNull();
    expect(
      queryFromParams(GraftType.AorticValve, new URLSearchParams('d_min=5&d_max=30&l_min=10&l_l_min=0&l_r_min=0')),
    ).toBeNull();
  });

  it('keeps the results page beside the search, leaves page 1 out, and reads anything else as page 1', () => {
    const params = new URLSearchParams('d_min=18&d_max=26&l_min=40&l_l_min=0&l_r_min=0');
    expect(withPage(params, 3).toString()).toBe(`${params.toString()}&page=3`);
    expect(pageFromParams(withPage(params, 3))).toBe(3);
    expect(withPage(withPage(params, 3), 1).toString()).toBe(params.toString());
    for (const page of ['', '0', '-2', '1.5', 'x', '1e400']) {
      expect(pageFromParams(new URLSearchParams({ page })), page).toBe(1);
    }
    expect(pageFromParams(params)).toBe(1);
  });

  it('drops branch lengths when switching to a type without branches', () => {
    const bifurcated = {
      ...DEFAULT_GRAFT_SEARCH_QUERY,
      query_type: GraftType.PulmonaryValveBifurcation,
      query_l_l_min: 20,
    };
    expect(forType(bifurcated, GraftType.AorticValve)).toMatchObject({
      query_type: 5,
      query_l_l_min: 0,
      query_l_r_min: 0,
    });
    expect(forType(bifurcated, GraftType.TruncusPulmonalisBifurcation)).toMatchObject({ query_l_l_min: 20 });
  });
});
