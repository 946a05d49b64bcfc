import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  INBOX_VIEWS,
  isGraftTypeNumber,
  isLapsing,
  webPaths,
  type GraftRequest,
  type InboxView,
  type RequestInboxGraft,
} from '@graftmatch/domain';
import { showPatientCode } from '../../i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { mm, typeLabel } from '../grafts/graftFormat';
import { getInbox } from './api';
import { requestKeys } from './keys';
import { RequestCard } from './RequestCard';

function InboxGraft({ graft }: { graft: RequestInboxGraft }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" data-testid="inbox-graft" data-lot={graft.lot}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('requests.lot')} {graft.lot}
          </Title>
          <Text size="sm" c="dimmed">
            {isGraftTypeNumber(graft.t_ProdName_2) ? typeLabel(t, graft.t_ProdName_2) : ''} · {mm(graft.t_Dproximal)} ·{' '}
            {graft.expiry ?? ''}
          </Text>
        </Group>
        {graft.requests.length > 0 && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {graft.requests.map((request) => (
              <RequestCard key={request.id} request={request} side="bank" />
            ))}
          </SimpleGrid>
        )}
        {graft.candidates.length > 0 && (
          <>
            <Text fw={600} size="sm">
              {t('requests.candidates')}
            </Text>
            <List type="ordered" spacing="xs" data-testid="candidates">
              {graft.candidates.map((candidate) => (
                <List.Item key={`${candidate.requestId ?? ''}${candidate.waitinglistid ?? ''}`} data-testid="candidate">
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light" color="blue.9">
                      {t('requests.score')} {candidate.score}
                    </Badge>
                    <Text size="sm" fw={500}>
                      {showPatientCode(candidate.patient_Code)} · {candidate.c_Name}
                    </Text>
                    {candidate.requestId && (
                      <Badge color="blue.9" variant="light">
                        {t('requests.requested')}
                      </Badge>
                    )}
                    {candidate.leadTimeWarning && (
                      <IconAlertTriangle
                        size={16}
                        color="orange"
                        aria-label={t('requests.leadTime', { count: graft.leadTimeDays })}
                      />
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {candidate.reason}
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The inbox's views the bank's home links to, each the rule of its counter there. */
const VIEW_RULES: Record<InboxView, (request: GraftRequest) => boolean> = {
  open: (request) => request.state === 'requested',
  lapsing: (request) => isLapsing(request, new Date()),
  delivery: (request) => request.state === 'assigned',
};

/**
 * `home/eute/requests`: the bank's requests and, per free graft, the ranked candidates. `?show=`
 * keeps only the requests of one view (the list is read whole, so it filters here).
 */
export function InboxPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const show = INBOX_VIEWS.find((known) => known === params.get('show')) ?? null;
  const inbox = useQuery({ queryKey: requestKeys.inbox, queryFn: getInbox });
  const grafts = show
    ? inbox.data
        ?.map((graft) => ({ ...graft, requests: graft.requests.filter(VIEW_RULES[show]) }))
        .filter((graft) => graft.requests.length > 0)
    : inbox.data;
  return (
    <>
      <PageTitle title={t('requests.inboxTitle')} />
      {show && (
        <Text size="sm" mb="sm" data-testid="inbox-filter">
          {t('requests.onlyView', { view: t(`requests.inboxView.${show}`) })}{' '}
          <Link to={webPaths.euteRequests}>{t('requests.showAll')}</Link>
        </Text>
      )}
      {inbox.isPending && <PageLoader />}
      {inbox.isError && <ErrorAlert error={inbox.error} onRetry={() => void inbox.refetch()} />}
      {grafts?.length === 0 && (
        <EmptyState
          title={show ? t('requests.inboxViewEmpty') : t('requests.inboxEmpty')}
          description={t('requests.inboxEmptyHint')}
          testId="inbox-empty"
        />
      )}
      <Stack gap="md">
        {grafts?.map((graft) => (
          <InboxGraft key={graft.lot} graft={graft} />
        ))}
      </Stack>
    </>
  );
}
