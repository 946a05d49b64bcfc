import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
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
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="results-caption">
        {caption}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="graft-cards">
        {grafts.map((graft) => (
          <Card
            key={graft.e_Lot}
            withBorder
            padding="md"
            component="article"
            data-testid="graft-card"
            data-lot={graft.e_Lot}
          >
            <dl className="graft-facts">
              {columns.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(graft)}</dd>
                </div>
              ))}
            </dl>
            {withRequest && (
              <Group mt="sm" gap="xs">
                <RequestButton lot={graft.e_Lot} />
                <RequestInAppButton graft={graft} />
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
