import { Anchor, Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import {
  auditActionWords,
  auditTargetTypeWords,
  type GraftHistoryChange,
  webPaths,
  type GraftHistoryEvent,
} from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { showDateTime } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call } from '../../api/call';
import { ApiError } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { BackButton } from '../../components/BackButton';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { currentLanguage } from '../../i18n';
import { useMe } from '../auth';
import { fieldLabel, valueText } from './historyFields';

// A graft's life story (docs/api.md, "A graft's history"): on its details page and at its own address,
// newest first, in the user's language, with the audit chain's state.

/** Every graft's history is below this key; the device keeps those it showed (docs/security.md "On the device"). */
export const graftHistoryKeys = { all: ['graftHistory'] as const };
const historyKey = (lot: string) => [...graftHistoryKeys.all, lot] as const;

function useGraftHistory(lot: string) {
  return useQuery({ queryKey: historyKey(lot), queryFn: () => call('GET /grafts/history/{lot}', { params: { lot } }) });
}

/** Whether the caller may not read this history at all (the server's 403 or 404): nothing to show. */
const notForCaller = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

function ChangeLine({ change }: { change: GraftHistoryChange }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="history-change">
      {t('history.change', {
        field: fieldLabel(t, change.field),
        old: valueText(t, change.field, change.oldValue),
        new: valueText(t, change.field, change.newValue),
      })}
    </Text>
  );
}

function EventItem({ event }: { event: GraftHistoryEvent }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const actor = event.actor === 'system' ? t('history.system') : event.actor;
  return (
    <Stack gap={2} data-testid="history-event" data-action={event.action}>
      <Text size="xs" c="dimmed">
        {showDateTime(event.at)} · {auditTargetTypeWords(event.targetType, language)}
      </Text>
      <Text size="sm" data-testid="history-actor">
        {t('history.by', { actor })}
      </Text>
      {event.changes.map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
      {event.reason !== null && (
        <Text size="sm" fs="italic" className="pre-wrap" data-testid="history-reason">
          {t('corrections.because', { reason: event.reason })}
        </Text>
      )}
    </Stack>
  );
}

/** The chain's state for admins and auditors, who may verify it; a short note for everyone else. */
function ChainStatus() {
  const { t } = useTranslation();
  const me = useMe();
  const mayVerify = me.data ? me.data.admin || me.data.audit : false;
  const report = useQuery({
    queryKey: ['auditChain'],
    queryFn: () => call('GET /admin/audit/verify'),
    enabled: mayVerify,
    staleTime: 60_000,
  });
  if (!mayVerify) {
    return (
      <Text size="sm" c="dimmed" data-testid="chain-status">
        {t('history.chainNote')}
      </Text>
    );
  }
  if (report.isPending) {
    return (
      <Badge variant="light" color="gray" data-testid="chain-status">
        {t('history.chainChecking')}
      </Badge>
    );
  }
  if (report.isError || !report.data.ok) {
    return (
      <Badge variant="filled" color="#b71c1c" data-testid="chain-status">
        {report.data?.failure?.seq
          ? t('history.chainBrokenAt', { seq: report.data.failure.seq })
          : t('history.chainBroken')}
      </Badge>
    );
  }
  return (
    <Badge variant="filled" color="#1b5e20" data-testid="chain-status">
      {t('history.chainIntact', { rows: report.data.verifiedUpTo })}
    </Badge>
  );
}

function Events({ events }: { events: GraftHistoryEvent[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (events.length === 0) {
    return (
      <Text size="sm" data-testid="history-empty">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="graft-history">
      {events.map((event, index) => (
        <Timeline.Item
          key={`${event.at}-${index}`}
          title={<Text fw={600}>{auditActionWords(event.action, language)}</Text>}
        >
          <EventItem event={event} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The history's section on a graft's details page; absent for callers who may not read it. */
export function GraftHistorySection({ lot }: { lot: string }) {
  const { t } = useTranslation();
  const history = useGraftHistory(lot);
  if (history.isError && notForCaller(history.error)) {
    return null;
  }
  return (
    <Paper withBorder p="md" component="section" aria-label={t('history.title')}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
        <Anchor component={Link} to={webPaths.graftHistory(lot)} size="sm" data-testid="history-link">
          {t('history.ownPage')}
        </Anchor>
      </Group>
      <Stack gap="sm">
        <ChainStatus />
        {history.isPending && <PageLoader />}
        {history.isError && <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />}
        {history.data && <Events events={history.data} />}
      </Stack>
    </Paper>
  );
}

/** `home/grafts/{lot}/history`: the history at an address of its own, to share with a colleague. */
export function GraftHistoryPage() {
  const { lot = '' } = useParams();
  const { t } = useTranslation();
  const history = useGraftHistory(lot);
  return (
    <>
      <BackButton />
      <PageTitle title={t('history.pageTitle', { lot })}>
        <IconHistory aria-hidden />
      </PageTitle>
      <Stack gap="md">
        <ChainStatus />
        {history.isPending && <PageLoader />}
        {history.isError && <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />}
        {history.data && <Events events={history.data} />}
      </Stack>
    </>
  );
}
