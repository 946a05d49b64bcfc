import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { displayPatientCode, type WaitingListEntry } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnTable } from '../../components/ColumnTable';
import { PagedSection } from '../../components/PagePicker';
import type { Paging } from '../../components/usePages';
import { useRowsInSlices } from '../../components/useRowsInSlices';
import { useLargeScreen } from '../../components/useScreen';
import { typeLabel } from '../clinic/graftFormat';
import { demandColumns } from './demandColumns';

interface Props {
  entries: WaitingListEntry[];
  caption: string;
}

/** A page of the demand (`entries`) with the picker of its pages. */
export function DemandList({ paging, ...list }: Props & { paging: Paging }) {
  const { t } = useTranslation();
  return (
    <PagedSection paging={paging} label={t('eute.demandPages')} testId="demand-pages">
      <DemandEntries {...list} />
    </PagedSection>
  );
}

/** The entries: a table on large screens (>=1000 px), cards on small and medium ones, as the clinic lists. */
function DemandEntries({ entries: all, caption }: Props) {
  const { t } = useTranslation();
  const entries = useRowsInSlices(all);
  const large = useLargeScreen();
  const columns = demandColumns(t, large);

  if (large) {
    return (
      <ColumnTable
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.waitinglistid}
        rowAttributes={(entry) => ({ 'data-testid': 'demand-entry', 'data-entry-id': entry.waitinglistid })}
        caption={caption}
        tableTestId="demand-table"
        captionTestId="demand-caption"
      />
    );
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="demand-caption">
        {caption}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="demand-cards">
        {entries.map((entry) => (
          <Card
            key={entry.waitinglistid}
            withBorder
            padding="md"
            component="article"
            aria-label={t('eute.entryLabel', {
              type: typeLabel(t, entry.query_Type),
              patient: displayPatientCode(entry.patient_Code),
            })}
            data-testid="demand-entry"
            data-entry-id={entry.waitinglistid}
          >
            <dl className="graft-facts">
              {columns.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(entry)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
