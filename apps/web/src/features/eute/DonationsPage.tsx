import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { PagedGraftResults } from '../clinic/PagedGraftResults';
import { ExportDownloads } from '../imports/FileDownloads';
import { getArchivedDonations, getCurrentDonations } from './api';
import { euteKeys } from './keys';

const LISTS = {
  current: { key: euteKeys.current, load: getCurrentDonations },
  archive: { key: euteKeys.archive, load: getArchivedDonations },
} as const;

export const donationPath = (lot: string) => `/home/eute/donation/${encodeURIComponent(lot)}`;

/** The bank's grafts: current donations (assigned, not yet implanted) or the archive, with the export of all. */
export function DonationsPage({ list }: { list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const { key, load } = LISTS[list];
  const paged = usePages(key, load);
  const grafts = paged.list;
  return (
    <>
      <PageTitle title={t(`eute.${list}Title`)}>
        <ExportDownloads />
      </PageTitle>
      {grafts.isPending && <PageLoader />}
      {grafts.isError && <ErrorAlert error={grafts.error} onRetry={() => void grafts.refetch()} />}
      {grafts.data?.total === 0 && <EmptyState title={t(`eute.${list}Empty`)} testId={`eute-${list}-empty`} />}
      <PagedGraftResults
        paged={paged}
        mode="donations"
        detailsPath={donationPath}
        caption={(total) => t('eute.donationCount', { count: total })}
      />
    </>
  );
}
