import type { ReactNode } from 'react';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnList, type ListForm } from '../../components/ColumnList';
import { graftColumns, type DetailsPath, type GraftListMode } from './graftColumns';

interface Props {
  grafts: Graft[];
  mode: GraftListMode;
  caption: string;
  /** Where a LOT links to; the clinic's graft details unless given. */
  detailsPath?: DetailsPath;
  /** What the caller may do with a graft (the physician's requests of a search result). */
  actions?: (graft: Graft) => ReactNode;
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

/** A list of grafts: a table on large screens (>=1000 px), cards on small and medium ones (spec §2). */
export function GraftResults({ grafts, mode, caption, detailsPath, actions }: Props) {
  const { t } = useTranslation();
  return (
    <ColumnList
      {...graftListParts}
      columns={graftColumns(t, mode, detailsPath)}
      rows={grafts}
      caption={caption}
      actions={actions && { header: t('graft.actions'), cell: actions }}
    />
  );
}
