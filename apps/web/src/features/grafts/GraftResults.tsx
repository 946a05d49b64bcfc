import type { ReactNode } from 'react';
import { Checkbox } from '@mantine/core';
import type { Graft, GraftSearchQuery } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnList, type ListForm } from '../../components/ColumnList';
import type { Column } from '../../components/ColumnTable';
import { graftColumns, type DetailsPath, type GraftListMode } from './graftColumns';
import type { Sorting } from './graftSort';

/** Grafts ticked for a side-by-side comparison, at most `max` of them. */
export interface GraftSelection {
  selected: readonly string[];
  onToggle: (lot: string) => void;
  max: number;
}

interface Props {
  grafts: Graft[];
  mode: GraftListMode;
  caption: string;
  /** Where a LOT links to; the clinic's graft details unless given. */
  detailsPath?: DetailsPath;
  /** What the caller may do with a graft (the physician's requests of a search result), in a table or a card. */
  actions?: (graft: Graft, form: ListForm) => ReactNode;
  /** The order the sortable headers show and change. */
  sorting?: Sorting;
  /** The search the list answers. */
  query?: GraftSearchQuery;
  selection?: GraftSelection;
}

/** How every graft list names its rows, cards and caption, which tests and browser journeys look for. */
export const graftListParts = {
  rowKey: (graft: Graft) => graft.e_Lot,
  rowAttributes: (graft: Graft, form: ListForm) => ({
    'data-testid': form === 'table' ? 'graft-row' : 'graft-card',
    'data-lot': graft.e_Lot,
  }),
  testIds: { table: 'graft-table', cards: 'graft-cards', caption: 'results-caption' },
};

function selectColumn(t: ReturnType<typeof useTranslation>['t'], selection: GraftSelection): Column<Graft> {
  const full = selection.selected.length >= selection.max;
  return {
    key: 'select',
    header: t('compare.select'),
    headerHidden: true,
    cell: (graft) => {
      const ticked = selection.selected.includes(graft.e_Lot);
      return (
        <Checkbox
          checked={ticked}
          disabled={!ticked && full}
          onChange={() => selection.onToggle(graft.e_Lot)}
          aria-label={t('compare.selectLot', { lot: graft.e_Lot })}
          data-testid={`compare-${graft.e_Lot}`}
        />
      );
    },
  };
}

/** A list of grafts: a table on large screens (>=1000 px), cards on small and medium ones (spec §2). */
export function GraftResults({ grafts, mode, caption, detailsPath, actions, sorting, query, selection }: Props) {
  const { t } = useTranslation();
  const columns = graftColumns(t, mode, { detailsPath, sorting, query, grafts });
  return (
    <ColumnList
      {...graftListParts}
      columns={selection ? [selectColumn(t, selection), ...columns] : columns}
      rows={grafts}
      caption={caption}
      actions={actions && { header: t('graft.actions'), cell: actions }}
    />
  );
}
