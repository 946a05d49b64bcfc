import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Column } from './ColumnTable';

/** The small-screen form of a list: a card a row, each holding every column as a fact. */
export function ColumnCards<Row>(props: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowAttributes: (row: Row) => Record<`data-${string}`, string>;
  caption: string;
  cardsTestId: string;
  captionTestId: string;
  /** Actions under a card's facts. */
  footer?: (row: Row) => ReactNode;
  cardLabel?: (row: Row) => string;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid={props.captionTestId}>
        {props.caption}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid={props.cardsTestId}>
        {props.rows.map((row) => (
          <Card
            key={props.rowKey(row)}
            withBorder
            padding="md"
            component="article"
            aria-label={props.cardLabel?.(row)}
            {...props.rowAttributes(row)}
          >
            <dl className="graft-facts">
              {props.columns.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {props.footer?.(row)}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
