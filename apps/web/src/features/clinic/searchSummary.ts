import { isBifurcated, type GraftSearchQuery } from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { showMillimetreRange, showMillimetres, showNumber } from '../../i18n/format';
import { typeLabel } from '../grafts/graftFormat';

/**
 * A search's criteria on one line, as the filter shows them: "Aortic valve · 21–23 mm · ≥ 10 mm";
 * branch minimums only for types with branches, and only when asked for.
 */
export function searchSummary(t: TFunction, query: GraftSearchQuery): string {
  const parts = [
    typeLabel(t, query.query_type),
    showMillimetreRange(query.query_d_min, query.query_d_max),
    `≥ ${showMillimetres(query.query_l_min)}`,
  ];
  if (isBifurcated(query.query_type) && (query.query_l_l_min > 0 || query.query_l_r_min > 0)) {
    parts.push(
      t('search.summaryBranches', { left: showNumber(query.query_l_l_min), right: showNumber(query.query_l_r_min) }),
    );
  }
  return parts.join(' · ');
}
