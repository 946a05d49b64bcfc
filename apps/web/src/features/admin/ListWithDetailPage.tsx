import type { ReactNode } from 'react';
import { Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { ListFilters, ListStatus, SelectableRow } from './ListParts';
import { ActiveBadge } from './shared';
import type { useListWithDetail } from './useListWithDetail';
import classes from './admin.module.css';

/** One column of an admin list; the first one is the row's select button. */
export interface ListColumn<T> {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** Left out on phones, where the first cell carries what matters of it. */
  fromSmall?: boolean;
}

export interface Listed {
  id: string;
  active: boolean;
}

/**
 * The page shape shared by users, clinics and tissue banks: title with its buttons, the
 * auditor's note, the filters, the list as a table of selectable rows, and beside it (below it
 * on small screens) the selected item's detail with its name, status, facts and buttons.
 */
export function ListWithDetailPage<T extends Listed>(props: {
  /** i18n section under `admin.` and test id prefixes (`user` → `user-row`, `user-detail`, ...). */
  area: 'users' | 'clinics' | 'eutes';
  testPrefix: string;
  state: ReturnType<typeof useListWithDetail<T>>;
  shown: T[];
  canWrite: boolean;
  columns: ListColumn<T>[];
  nameOf: (item: T) => string;
  rowAttributes: (item: T) => Record<`data-${string}`, string>;
  titleActions?: ReactNode;
  /** A line above the filters, such as which accounts a linked view shows. */
  notice?: ReactNode;
  filterPlaceholder?: string;
  /** The list takes two thirds of a wide screen (else a little more than half). */
  wideList?: boolean;
  /** The selected item's facts, below its name. */
  detail: (item: T) => ReactNode;
  /** The selected item's buttons, for admins only. */
  detailActions: (item: T) => ReactNode;
  /** Dialogs of the page. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { area, testPrefix, state, shown } = props;
  const { selectedId, detail, selected } = state;
  const [first, ...rest] = props.columns;
  const span = props.wideList ? { base: 12, lg: 8 } : { base: 12, md: 7 };
  const detailSpan = props.wideList ? { base: 12, lg: 4 } : { base: 12, md: 5 };
  const detailError =
    detail.error instanceof ApiError && detail.error.status === 404
      ? new Error(t(`admin.${area}.notFound`))
      : detail.error;
  return (
    <>
      <PageTitle title={t(`admin.${area}.title`)}>{props.canWrite && props.titleActions}</PageTitle>
      {props.notice}
      <ListFilters
        text={state.text}
        onText={state.setText}
        status={state.status}
        onStatus={state.setStatus}
        testPrefix={testPrefix}
        placeholder={props.filterPlaceholder}
      />
      <Grid gap="md">
        <Grid.Col span={span}>
          <ListStatus
            list={state.list}
            shown={shown.length}
            empty={t(`admin.${area}.empty`)}
            emptyHint={t(`admin.${area}.emptyHint`)}
            emptyTestId={`${area}-empty`}
          />
          {shown.length > 0 && first && (
            // A long name ("Universitätsherzzentrum") breaks rather than widening a phone's page.
            <Table
              highlightOnHover
              verticalSpacing="xs"
              style={{ overflowWrap: 'anywhere' }}
              data-testid={`${testPrefix}-table`}
            >
              <Table.Caption>{t(`admin.${area}.count`, { count: shown.length })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column) => (
                    <Table.Th key={column.key} scope="col" visibleFrom={column.fromSmall ? 'sm' : undefined}>
                      {column.header}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">{t('admin.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <SelectableRow
                    key={item.id}
                    selected={item.id === selectedId}
                    onSelect={() => state.select(item.id)}
                    label={t(`admin.${area}.select`, { name: props.nameOf(item) })}
                    testId={`${testPrefix}-row`}
                    dataAttributes={props.rowAttributes(item)}
                    first={first.cell(item)}
                  >
                    {rest.map((column) => (
                      <Table.Td key={column.key} visibleFrom={column.fromSmall ? 'sm' : undefined}>
                        {column.cell(item)}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <ActiveBadge active={item.active} />
                    </Table.Td>
                  </SelectableRow>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Grid.Col>
        <Grid.Col span={detailSpan}>
          <Paper
            withBorder
            p="md"
            radius="md"
            className={classes.detail}
            data-testid={`${testPrefix}-detail`}
            aria-live="polite"
          >
            {selectedId === null && <Text c="dimmed">{t('admin.noneSelected')}</Text>}
            {selectedId !== null && detail.isPending && <PageLoader />}
            {selectedId !== null && detail.isError && !selected && <ErrorAlert error={detailError} />}
            {selected && (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h4" data-testid={`${testPrefix}-detail-name`}>
                    {props.nameOf(selected)}
                  </Title>
                  <ActiveBadge active={selected.active} />
                </Group>
                {props.detail(selected)}
                {props.canWrite && <Group gap="sm">{props.detailActions(selected)}</Group>}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {props.canWrite && props.children}
    </>
  );
}
