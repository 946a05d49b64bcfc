import { DEFAULT_GRAFT_SEARCH_QUERY } from '@graftmatch/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_TEXTS, changeLanguage, i18n, loadLanguage } from '../../i18n';
import { searchSummary } from './searchSummary';

describe('searchSummary', () => {
  beforeAll(async () => {
    await loadLanguage('de', ALL_TEXTS);
    await loadLanguage('en', ALL_TEXTS);
  });

  it('names the type, the diameter range and the minimum length', () => {
    const query = { ...DEFAULT_GRAFT_SEARCH_QUERY, query_type: 5 as const, query_d_min: 21, query_d_max: 23 };
    expect(searchSummary(i18n.getFixedT('en'), query)).toBe('Aortic valve · 21–23 mm · ≥ 10 mm');
    expect(searchSummary(i18n.getFixedT('de'), query)).toBe('Aortenklappe · 21–23 mm · ≥ 10 mm');
  });

  it('adds branch minimums only for a type with branches and only when asked for', () => {
    const base = { ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 25, query_l_min: 30 };
    const t = i18n.getFixedT('en');
    expect(searchSummary(t, { ...base, query_type: 2, query_l_l_min: 5, query_l_r_min: 8 })).toBe(
      'Pulmonary valve, bifurcation · 20–25 mm · ≥ 30 mm · branches ≥ 5 / 8 mm',
    );
    expect(searchSummary(t, { ...base, query_type: 2, query_l_l_min: 0, query_l_r_min: 0 })).not.toContain('branches');
  });

  it('writes half millimetres as the reader does', async () => {
    const query = { ...DEFAULT_GRAFT_SEARCH_QUERY, query_type: 5 as const, query_d_min: 21.5, query_d_max: 23 };
    await changeLanguage('de');
    expect(searchSummary(i18n.getFixedT('de'), query)).toBe('Aortenklappe · 21,5–23 mm · ≥ 10 mm');
    await changeLanguage('en');
    expect(searchSummary(i18n.getFixedT('en'), query)).toBe('Aortic valve · 21.5–23 mm · ≥ 10 mm');
  });
});
