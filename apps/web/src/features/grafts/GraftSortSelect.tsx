import { Select } from '@mantine/core';
import { GRAFT_SORTS, type GraftSort } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import type { Sorting } from './graftSort';

const OWN_ORDER = 'own';

/**
 * The order of a graft list shown as cards, which have no headers to click: the list's own order
 * (named by `ownLabel`) or one of the graft sorts, kept in the URL as the headers keep it.
 */
export function GraftSortSelect({ sorting, ownLabel }: { sorting: Sorting; ownLabel: string }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('sort.order')}
      data={[
        { value: OWN_ORDER, label: ownLabel },
        ...GRAFT_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) })),
      ]}
      value={sorting.sort ?? OWN_ORDER}
      onChange={(value) => sorting.onSort(value === null || value === OWN_ORDER ? null : (value as GraftSort))}
      allowDeselect={false}
      maw={320}
      data-testid="graft-order"
    />
  );
}
