import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PagePicker } from '../../components/PagePicker';
import { PageTitle } from '../../components/PageTitle';
import { GraftResults } from '../clinic/GraftResults';
import { useGraftPages } from '../clinic/useGraftPages';
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
  const { grafts, page, pages, setPage } = useGraftPages(key, load);
  return (
    <>
      <PageTitle title={t(`eute.${list}Title`)}>
        <ExportDownloads />
      </PageTitle>
      {grafts.isPending && <PageLoader />}
      {grafts.isError && <ErrorAlert error={grafts.error} onRetry={() => void grafts.refetch()} />}
      {grafts.data?.total === 0 && <EmptyState title={t(`eute.${list}Empty`)} testId={`eute-${list}-empty`} />}
      {grafts.data && grafts.data.items.length > 0 && (
        <Stack gap="md">
          <GraftResults
            grafts={grafts.data.items}
            mode="donations"
            detailsPath={donationPath}
            caption={t('eute.donationCount', { count: grafts.data.total })}
          />
          <PagePicker
            pages={pages}
            page={page}
            onChange={setPage}
            label={t('common.graftPages')}
            testId="graft-pages"
          />
        </Stack>
      )}
    </>
  );
}
