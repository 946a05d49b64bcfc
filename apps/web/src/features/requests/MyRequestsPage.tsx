import { SimpleGrid, Text } from '@mantine/core';
import { REQUEST_STATES, webPaths } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { getMyRequests } from './api';
import { requestKeys } from './keys';
import { RequestCard } from './RequestCard';

/**
 * `home/clinic/requests`: the physician's requests with their states, deadlines and next steps;
 * `?state=` shows one state only (the homes link here), and the list is read whole, so it filters here.
 */
export function MyRequestsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = REQUEST_STATES.find((known) => known === params.get('state')) ?? null;
  const all = useQuery({ queryKey: requestKeys.mine, queryFn: getMyRequests });
  const list = { ...all, data: state && all.data ? all.data.filter((request) => request.state === state) : all.data };
  return (
    <>
      <PageTitle title={t('requests.title')} />
      {state && (
        <Text size="sm" mb="sm" data-testid="requests-filter">
          {t('requests.onlyState', { state: t(`requests.state.${state}`) })}{' '}
          <Link to={webPaths.clinicRequests}>{t('requests.showAll')}</Link>
        </Text>
      )}
      {all.isPending && <PageLoader />}
      {all.isError && <ErrorAlert error={all.error} onRetry={() => void all.refetch()} />}
      {list.data?.length === 0 && (
        <EmptyState title={t('requests.empty')} description={t('requests.emptyHint')} testId="requests-empty" />
      )}
      {list.data && list.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="requests-list">
          {list.data.map((request) => (
            <RequestCard key={request.id} request={request} side="physician" />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
