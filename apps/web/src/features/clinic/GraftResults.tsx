import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { graftColumns, type DetailsPath, type GraftListMode } from './graftColumns';
import { RequestButton } from './RequestButton';

interface Props {
  grafts: Graft[];
  mode: GraftListMode;
  caption: string;
  /** Where a LOT links to; the clinic's graft details unless given. */
  detailsPath?: DetailsPath;
}

/** A table on large screens (>=1000 px), cards on small and medium ones (spec §2). */
export function GraftResults({ grafts, mode, caption, detailsPath }: Props) {
  const { t } = useTranslation();
  const large = useMediaQuery('(min-width: 62.5em)', true);
  const columns = graftColumns(t, mode, detailsPath);
  const withRequest = mode === 'search';

  if (large) {
    return (
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="graft-table">
          <Table.Caption data-testid="results-caption">{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col">
                  {column.header}
                </Table.Th>
              ))}
              {withRequest && <Table.Th scope="col">{t('graft.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grafts.map((graft) => (
              <Table.Tr key={graft.e_Lot} data-testid="graft-row" data-lot={graft.e_Lot}>
                {columns.map((column) => (
                  <Table.Td key={column.key} className={column.nowrap ? 'nowrap' : undefined}>
                    {column.cell(graft)}
                  </Table.Td>
                ))}
                {withRequest && (
                  <Table.Td>
                    <RequestButton lot={graft.e_Lot} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="results-caption">
        {caption}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="graft-cards">
        {grafts.map((graft) => (
          <Card key={graft.e_Lot} withBorder padding="md" component="article" data-testid="graft-card" data-lot={graft.e_Lot}>
            <dl className="graft-facts">
              {columns.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(graft)}</dd>
                </div>
              ))}
            </dl>
            {withRequest && (
              <Group mt="sm">
                <RequestButton lot={graft.e_Lot} />
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
