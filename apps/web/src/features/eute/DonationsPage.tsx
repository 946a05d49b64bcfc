import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { PagedGraftResults } from '../grafts/PagedGraftResults';
import { ExportDownloads } from '../imports';
import { getArchivedDonations } from './api';
import { euteKeys } from './keys';
import { donationPath } from './stockColumns';

/** `home/eute/archive`: the bank's archived grafts, with the export of all. The current ones are the stock (StockPage). */
export function DonationsPage() {
  const { t } = useTranslation();
  const paged = usePages(euteKeys.archive, getArchivedDonations);
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
        detailsPath={donationPath}
        caption={(total) => t('eute.donationCount', { count: total })}
      />
    </>
  );
}
