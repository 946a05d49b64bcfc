import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { getMyRequests } from './api';
import { requestKeys } from './keys';
import { RequestCard } from './RequestCard';

/** `home/clinic/requests`: the physician's requests with their states, deadlines and next steps. */
export function MyRequestsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: requestKeys.mine, queryFn: getMyRequests });
  return (
    <>
      <PageTitle title={t('requests.title')} />
      {list.isPending && <PageLoader />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
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
