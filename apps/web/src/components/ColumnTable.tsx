import type { ReactNode } from 'react';
import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

/** One column of a list shown as a table: its header and how a row fills its cell. */
export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Short values that read badly when broken over lines (lots, sizes, dates). */
  nowrap?: boolean;
  /** Long names (banks, clinics): at most two lines in a table, the whole name on hover. */
  clamp?: (row: Row) => string;
  /** A header named for screen readers only (a column of buttons that name themselves). */
  headerHidden?: boolean;
  /** A header that orders the list: the order it shows now, and what a click does. */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onSort: () => void };
}

const SORT_ICONS = { ascending: IconArrowUp, descending: IconArrowDown, none: IconArrowsSort };

function Header<Row>({ column }: { column: Column<Row> }) {
  if (!column.sort) {
    return column.header;
  }
  const Icon = SORT_ICONS[column.sort.direction];
  return (
    <UnstyledButton onClick={column.sort.onSort} fw={700} fz="sm" data-testid={`sort-${column.key}`}>
      <Group gap={4} wrap="nowrap">
        {column.header}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/**
 * The large-screen form of a list: a captioned table built from its columns, in small type so a
 * list's columns fit a 1280 px screen with rows of one or two lines; it scrolls sideways only below
 * `minWidth`.
 */
export function ColumnTable<Row>(props: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowAttributes: (row: Row) => Record<`data-${string}`, string>;
  caption: string;
  tableTestId: string;
  captionTestId: string;
  /** The width below which the table scrolls sideways. */
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 900}>
      {/* The count above the rows, as the cards have it, so it is read before the list. */}
      <Table
        striped
        highlightOnHover
        verticalSpacing={8}
        horizontalSpacing={8}
        fz="sm"
        lh={1.35}
        captionSide="top"
        data-testid={props.tableTestId}
      >
        <Table.Caption data-testid={props.captionTestId}>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((column) => (
              <Table.Th key={column.key} scope="col" aria-sort={column.sort?.direction}>
                {column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : <Header column={column} />}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={props.rowKey(row)} {...props.rowAttributes(row)}>
              {props.columns.map((column) => (
                <Table.Td key={column.key} className={column.nowrap ? 'nowrap' : undefined}>
                  {column.clamp ? (
                    <span className="clamp-2" title={column.clamp(row)}>
                      {column.cell(row)}
                    </span>
                  ) : (
                    column.cell(row)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
