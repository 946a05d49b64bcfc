import { Group } from '@mantine/core';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnCards } from '../../components/ColumnCards';
import { ColumnTable } from '../../components/ColumnTable';
import { useRowsInSlices } from '../../components/useRowsInSlices';
import { useLargeScreen } from '../../components/useScreen';
import { graftColumns, type DetailsPath, type GraftColumn, type GraftListMode } from './graftColumns';
import { useReadOnly } from '../auth/useMe';
import { RequestInAppButton } from '../requests/RequestInAppButton';
import { RequestButton } from './RequestButton';

interface Props {
  grafts: Graft[];
  mode: GraftListMode;
  caption: string;
  /** Where a LOT links to; the clinic's graft details unless given. */
  detailsPath?: DetailsPath;
}

/** A table on large screens (>=1000 px), cards on small and medium ones (spec §2). */
export function GraftResults({ grafts: all, mode, caption, detailsPath }: Props) {
  const { t } = useTranslation();
  const grafts = useRowsInSlices(all);
  const large = useLargeScreen();
  const columns = graftColumns(t, mode, detailsPath);
  const readOnly = useReadOnly();
  const withRequest = mode === 'search' && !readOnly;

  if (large) {
    const requestColumn: GraftColumn = {
      key: 'request',
      header: t('graft.actions'),
      cell: (graft) => (
        <Group gap="xs" wrap="nowrap">
          <RequestButton lot={graft.e_Lot} />
          <RequestInAppButton graft={graft} />
        </Group>
      ),
    };
    return (
      <ColumnTable
        columns={withRequest ? [...columns, requestColumn] : columns}
        rows={grafts}
        rowKey={(graft) => graft.e_Lot}
        rowAttributes={(graft) => ({ 'data-testid': 'graft-row', 'data-lot': graft.e_Lot })}
        caption={caption}
        tableTestId="graft-table"
        captionTestId="results-caption"
      />
    );
  }

  return (
    <ColumnCards
      columns={columns}
      rows={grafts}
      rowKey={(graft) => graft.e_Lot}
      rowAttributes={(graft) => ({ 'data-testid': 'graft-card', 'data-lot': graft.e_Lot })}
      caption={caption}
      cardsTestId="graft-cards"
      captionTestId="results-caption"
      footer={(graft) =>
        withRequest && (
          <Group mt="sm" gap="xs">
            <RequestButton lot={graft.e_Lot} />
            <RequestInAppButton graft={graft} />
          </Group>
        )
      }
    />
  );
}
