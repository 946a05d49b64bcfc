import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { getArchivedGrafts, getCurrentGrafts } from './api';
import { GraftResults } from './GraftResults';
import { clinicKeys } from './keys';

const LISTS = {
  current: { key: clinicKeys.current, load: getCurrentGrafts },
  archive: { key: clinicKeys.archive, load: getArchivedGrafts },
} as const;

/** Grafts assigned to the user's clinics: current ones, or the archive (implanted, expired, reported). */
export function AssignedGraftsPage({ list }: { list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const { key, load } = LISTS[list];
  const grafts = useQuery({ queryKey: key, queryFn: load });
  return (
    <>
      <PageTitle title={t(`assigned.${list}Title`)} />
      {grafts.isPending && <PageLoader />}
      {grafts.isError && <ErrorAlert error={grafts.error} onRetry={() => void grafts.refetch()} />}
      {grafts.data?.length === 0 && <EmptyState title={t(`assigned.${list}Empty`)} testId={`${list}-empty`} />}
      {grafts.data && grafts.data.length > 0 && (
        <GraftResults
          grafts={grafts.data}
          mode="assigned"
          caption={t('assigned.count', { count: grafts.data.length })}
        />
      )}
    </>
  );
}
