import type { ReactNode } from 'react';
import { ColumnCards } from './ColumnCards';
import { ColumnTable, type Column } from './ColumnTable';
import { ErrorAlert } from './ErrorAlert';
import { PagedSection } from './PagePicker';
import { PageLoader } from './PageLoader';
import type { ServerPages } from './usePages';
import { useLargeScreen } from './useScreen';

interface Props<Row> {
  /** The list as `usePages` reads it. */
  paged: ServerPages<Row>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  rowAttributes: (row: Row) => Record<`data-${string}`, string>;
  /** The caption for the shown rows (`from` and `to` counted from 1) of all `total`. */
  caption: (range: { from: number; to: number; total: number }) => string;
  /** What is paged, for screen readers (e.g. "Audit log pages"). */
  pagesLabel: string;
  testIds: { table: string; caption: string; pages: string };
  /** Shown instead of the table when the list has no rows. */
  empty: ReactNode;
  /** The width below which the table scrolls sideways. */
  minWidth: number;
}

/** A table (cards below 1000 px, like every list) a server page at a time, with its loading, error and empty states and the picker of its pages. */
export function PagedTable<Row>({ paged, caption, pagesLabel, testIds, empty, ...table }: Props<Row>) {
  const { list } = paged;
  const first = (paged.page - 1) * paged.pageSize + 1;
  const shown = (data: { items: readonly Row[]; total: number }) =>
    caption({ from: first, to: first + data.items.length - 1, total: data.total });
  const large = useLargeScreen();
  return (
    <>
      {list.isPending && <PageLoader />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.items.length === 0 && empty}
      {list.data && list.data.items.length > 0 && (
        <PagedSection paging={paged} label={pagesLabel} testId={testIds.pages}>
          {large ? (
            <ColumnTable
              {...table}
              rows={list.data.items}
              caption={shown(list.data)}
              tableTestId={testIds.table}
              captionTestId={testIds.caption}
            />
          ) : (
            <ColumnCards
              columns={table.columns}
              rowKey={table.rowKey}
              rowAttributes={table.rowAttributes}
              rows={list.data.items}
              caption={shown(list.data)}
              cardsTestId={`${testIds.table}-cards`}
              captionTestId={testIds.caption}
            />
          )}
        </PagedSection>
      )}
    </>
  );
}
