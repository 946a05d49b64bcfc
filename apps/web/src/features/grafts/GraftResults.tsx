import type { ReactNode } from 'react';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnList } from '../../components/ColumnList';
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

/** A list of grafts: a table on large screens (>=1000 px), cards on small and medium ones (spec §2). */
export function GraftResults({ grafts, mode, caption, detailsPath, actions }: Props) {
  const { t } = useTranslation();
  return (
    <ColumnList
      columns={graftColumns(t, mode, detailsPath)}
      rows={grafts}
      rowKey={(graft) => graft.e_Lot}
      rowAttributes={(graft, form) => ({
        'data-testid': form === 'table' ? 'graft-row' : 'graft-card',
        'data-lot': graft.e_Lot,
      })}
      caption={caption}
      testIds={{ table: 'graft-table', cards: 'graft-cards', caption: 'results-caption' }}
      actions={actions && { header: t('graft.actions'), cell: actions }}
    />
  );
}
