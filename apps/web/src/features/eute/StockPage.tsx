import { useDeferredValue } from 'react';
import { Stack, Text } from '@mantine/core';
import { utcDate } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnList } from '../../components/ColumnList';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PagedSection } from '../../components/PagePicker';
import { PageTitle } from '../../components/PageTitle';
import { graftListParts } from '../grafts/GraftResults';
import { ExportDownloads } from '../imports';
import { stockColumns } from './stockColumns';
import { StockFilters } from './StockFilters';
import { DEFAULT_STOCK_SORT, isFiltered } from './stockView';
import { useStock } from './useStock';

/**
 * `home/eute/current`: the bank's stock, every graft not in the Archive (spec §4, docs/decisions.md
 * "The bank's stock"), soonest expiry first, with the export of all. A table on large screens, cards on others.
 */
export function StockPage() {
  const { t } = useTranslation();
  const { view, paged, change } = useStock();
  const list = paged.list;
  // A new answer is drawn in a background render, as the other paged lists do (PagedGraftResults).
  const data = useDeferredValue(list.data ?? null, null);
  const columns = stockColumns(t, utcDate(new Date()), {
    sort: view.sort,
    onSort: (sort) => change({ sort: sort ?? DEFAULT_STOCK_SORT }),
  });
  const filtered = isFiltered(view);
  const caption = data ? t('eute.donationCount', { count: data.total }) : '';
  return (
    <>
      <PageTitle title={t('eute.currentTitle')}>
        <ExportDownloads />
      </PageTitle>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('eute.stock.intro')}
        </Text>
        <StockFilters view={view} onChange={change} />
        {/* Until the list is drawn, so that a settled page shows its grafts. */}
        {(list.isPending || (list.data !== undefined && data !== list.data)) && <PageLoader />}
        {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        {data?.total === 0 && (
          <EmptyState
            title={t(filtered ? 'eute.stock.noMatch' : 'eute.currentEmpty')}
            description={t(filtered ? 'eute.stock.noMatchHint' : 'eute.stock.emptyHint')}
            testId="eute-current-empty"
          />
        )}
        {data && data.items.length > 0 && (
          <PagedSection paging={paged} label={t('common.graftPages')} testId="graft-pages">
            <ColumnList {...graftListParts} columns={columns} rows={data.items} caption={caption} />
          </PagedSection>
        )}
      </Stack>
    </>
  );
}
