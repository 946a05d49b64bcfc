import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { getArchivedGrafts, getCurrentGrafts } from './api';
import { PagedGraftResults } from '../grafts/PagedGraftResults';
import { clinicKeys } from './keys';

const LISTS = {
  current: { key: clinicKeys.current, load: getCurrentGrafts },
  archive: { key: clinicKeys.archive, load: getArchivedGrafts },
} as const;

/** Grafts assigned to the user's clinics: current ones, or the archive (implanted, expired, reported). */
export function AssignedGraftsPage({ list }: { list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const { key, load } = LISTS[list];
  const paged = usePages(key, load);
  const grafts = paged.list;
  return (
    <>
      <PageTitle title={t(`assigned.${list}Title`)} />
      {grafts.isPending && <PageLoader />}
      {grafts.isError && <ErrorAlert error={grafts.error} onRetry={() => void grafts.refetch()} />}
      {grafts.data?.total === 0 && <EmptyState title={t(`assigned.${list}Empty`)} testId={`${list}-empty`} />}
      <PagedGraftResults paged={paged} mode="assigned" caption={(total) => t('assigned.count', { count: total })} />
    </>
  );
}
