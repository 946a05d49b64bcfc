import { webPaths } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { pageFromParams, usePages, withPage } from '../../components/usePages';
import { sortFromParams, withSort } from '../grafts/graftSort';
import { PagedGraftResults } from '../grafts/PagedGraftResults';
import { ExportDownloads } from '../imports';
import { getArchivedDonations } from './api';
import { euteKeys } from './keys';

/**
 * `home/eute/archive`: the bank's archived grafts, latest change first or in the URL's order, with
 * the export of all. The current ones are the stock (StockPage).
 */
export function DonationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sort = sortFromParams(params);
  const paged = usePages(
    [...euteKeys.archive, sort],
    (page, signal) => getArchivedDonations({ ...page, ...(sort && { sort }) }, signal),
    {
      position: {
        page: pageFromParams(params),
        // In place: back leaves the list rather than stepping through its pages.
        setPage: (page) => setParams((current) => withPage(current, page), { replace: true }),
      },
    },
  );
  const grafts = paged.list;
  return (
    <>
      <PageTitle title={t('eute.archiveTitle')}>
        <ExportDownloads />
      </PageTitle>
      {grafts.isPending && <PageLoader />}
      {grafts.isError && <ErrorAlert error={grafts.error} onRetry={() => void grafts.refetch()} />}
      {grafts.data?.total === 0 && <EmptyState title={t('eute.archiveEmpty')} testId="eute-archive-empty" />}
      <PagedGraftResults
        paged={paged}
        mode="donations"
        detailsPath={webPaths.euteDonation}
        sorting={{ sort, onSort: (next) => setParams((current) => withSort(current, next), { replace: true }) }}
        ownOrder={t('sort.latestChange')}
        caption={(total) => t('eute.donationCount', { count: total })}
      />
    </>
  );
}
