import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { usePages, usePagesOf } from '../../components/usePages';
import { getDemand, getDemandPage } from './api';
import { DemandList } from './DemandList';
import { filterDemand } from './demandFilter';
import { euteKeys } from './keys';

function NoDemand() {
  const { t } = useTranslation();
  return <EmptyState title={t('eute.demandEmpty')} description={t('eute.demandEmptyHint')} testId="demand-empty" />;
}

/** The demand without a search: one server page at a time, with the count of all open entries. */
export function DemandPages() {
  const { t } = useTranslation();
  const paged = usePages(euteKeys.waitingListPages, getDemandPage);
  const { list } = paged;
  return (
    <>
      {list.isPending && <PageLoader />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.total === 0 && <NoDemand />}
      {list.data && list.data.items.length > 0 && (
        <DemandList
          entries={list.data.items}
          caption={t('eute.demandCount', { count: list.data.total })}
          paging={paged}
        />
      )}
    </>
  );
}

/**
 * The demand's entries that match `text`, a page at a time. The match takes the type's words and
 * the sizes as people write them, which the server does not read, so the whole demand is read and
 * filtered here.
 */
export function DemandMatches({ text, onClear }: { text: string; onClear: () => void }) {
  const { t } = useTranslation();
  const all = useQuery({ queryKey: euteKeys.waitingListAll, queryFn: getDemand });
  const entries = all.data ?? [];
  const matches = filterDemand(entries, text);
  const paged = usePagesOf(matches, text);
  return (
    <>
      {all.isPending && <PageLoader />}
      {all.isError && <ErrorAlert error={all.error} onRetry={() => void all.refetch()} />}
      {all.data?.length === 0 && <NoDemand />}
      {entries.length > 0 && matches.length === 0 && (
        <EmptyState
          title={t('eute.noMatch', { text: text.trim() })}
          action={
            <Button variant="default" onClick={onClear}>
              {t('eute.clearSearch')}
            </Button>
          }
          testId="demand-no-match"
        />
      )}
      {paged.items.length > 0 && (
        <DemandList
          entries={paged.items}
          caption={t('eute.demandCountFiltered', { count: entries.length, shown: matches.length })}
          paging={paged}
        />
      )}
    </>
  );
}
