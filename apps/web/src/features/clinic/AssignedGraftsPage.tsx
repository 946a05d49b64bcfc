import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { pageFromParams, usePages, withPage } from '../../components/usePages';
import { getArchivedGrafts, getCurrentGrafts } from './api';
import { PagedGraftResults } from '../grafts/PagedGraftResults';
import { sortFromParams, withSort } from '../grafts/graftSort';
import { clinicKeys } from './keys';

const LISTS = {
  current: { key: clinicKeys.current, load: getCurrentGrafts },
  archive: { key: clinicKeys.archive, load: getArchivedGrafts },
} as const;

/**
 * Grafts assigned to the user's clinics: current ones, or the archive (implanted, expired, reported);
 * the latest change first or in the URL's order, with the page in the URL too.
 */
export function AssignedGraftsPage({ list }: { list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sort = sortFromParams(params);
  const { key, load } = LISTS[list];
  const paged = usePages([...key, sort], (page, signal) => load({ ...page, ...(sort && { sort }) }, signal), {
    position: {
      page: pageFromParams(params),
      // In place: back leaves the list rather than stepping through its pages.
      setPage: (page) => setParams((current) => withPage(current, page), { replace: true }),
    },
  });
  const grafts = paged.list;
  return (
    <>
      <PageTitle title={t(`assigned.${list}Title`)} />
      {grafts.isPending && <PageLoader />}
      {grafts.isError && <ErrorAlert error={grafts.error} onRetry={() => void grafts.refetch()} />}
      {grafts.data?.total === 0 && <EmptyState title={t(`assigned.${list}Empty`)} testId={`${list}-empty`} />}
      <PagedGraftResults
        paged={paged}
        mode="assigned"
        sorting={{ sort, onSort: (next) => setParams((current) => withSort(current, next), { replace: true }) }}
        ownOrder={t('sort.latestChange')}
        caption={(total) => t('assigned.count', { count: total })}
      />
    </>
  );
}
