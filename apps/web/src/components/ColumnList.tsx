import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { ColumnCards } from './ColumnCards';
import { ColumnTable, type Column } from './ColumnTable';
import { useRowsInSlices } from './useRowsInSlices';
import { useLargeScreen } from './useScreen';

/** How a list is drawn: a table on large screens (>= 1000 px), cards on small and medium ones (spec §2). */
export type ListForm = 'table' | 'cards';

interface Props<Row> {
  /** The columns, or the columns of each form when the cards show them otherwise. */
  columns: Column<Row>[] | ((form: ListForm) => Column<Row>[]);
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The `data-` attributes of a row or card (its test id and what identifies it). */
  rowAttributes: (row: Row, form: ListForm) => Record<`data-${string}`, string>;
  caption: string;
  testIds: { table: string; cards: string; caption: string };
  /** What may be done with a row: a last column of the table (where buttons may be compact), under a card's facts. */
  actions?: { header: string; cell: (row: Row, form: ListForm) => ReactNode };
  /** A card's accessible name, where its facts alone do not name it. */
  cardLabel?: (row: Row) => string;
}

/** A list as a table on large screens and as cards on the others; a long list is drawn in slices. */
export function ColumnList<Row>({ columns, rows: all, actions, testIds, ...list }: Props<Row>) {
  const rows = useRowsInSlices(all);
  const form: ListForm = useLargeScreen() ? 'table' : 'cards';
  const shown = typeof columns === 'function' ? columns(form) : columns;
  const rowAttributes = (row: Row) => list.rowAttributes(row, form);

  if (form === 'table') {
    const actionColumn: Column<Row>[] = actions
      ? [
          {
            key: 'actions',
            header: actions.header,
            cell: (row) => (
              <Group gap="xs" wrap="nowrap">
                {actions.cell(row, 'table')}
              </Group>
            ),
          },
        ]
      : [];
    return (
      <ColumnTable<Row>
        columns={[...shown, ...actionColumn]}
        rows={rows}
        rowKey={list.rowKey}
        rowAttributes={rowAttributes}
        caption={list.caption}
        tableTestId={testIds.table}
        captionTestId={testIds.caption}
      />
    );
  }
  return (
    <ColumnCards<Row>
      columns={shown}
      rows={rows}
      rowKey={list.rowKey}
      rowAttributes={rowAttributes}
      cardLabel={list.cardLabel}
      caption={list.caption}
      cardsTestId={testIds.cards}
      captionTestId={testIds.caption}
      footer={
        actions &&
        ((row) => (
          <Group mt="sm" gap="xs">
            {actions.cell(row, 'cards')}
          </Group>
        ))
      }
    />
  );
}
