import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type GraftRequest, type RequestSide, type RequestState } from '@graftmatch/domain';
import { showPatientCode } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { CorrectButton } from './CorrectButton';
import { DeadlineCountdown } from './DeadlineCountdown';
import { ReceiveButton } from './ReceiveButton';
import { RequestHistoryView } from './RequestHistory';
import { StepButtons } from './StepButtons';

const STATE_COLOR: Record<RequestState, string> = {
  requested: 'blue.9',
  reserved: 'cyan.9',
  confirmed: 'indigo.9',
  assigned: 'grape.9',
  delivered: 'violet.9',
  implanted: 'teal.9',
  returned: 'gray.7',
  declined: 'red.9',
  lapsed: 'gray.7',
  withdrawn: 'gray.7',
};

export function RequestStateBadge({ state }: { state: RequestState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[state]} variant="light" data-testid="request-state" data-state={state}>
      {t(`requests.state.${state}`)}
    </Badge>
  );
}

/** One request: state, deadline, who and for whom, the lead-time warning, and the reader's steps. */
export function RequestCard({ request, side }: { request: GraftRequest; side: RequestSide }) {
  const { t } = useTranslation();
  const row = (label: string, value: string | null) =>
    value ? (
      <Text size="sm">
        <Text span c="dimmed">
          {label}:
        </Text>{' '}
        {value}
      </Text>
    ) : null;
  return (
    <Card withBorder padding="md" component="article" data-testid="request-card" data-lot={request.lot}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            {t('requests.lot')} {request.lot}
          </Text>
          <RequestStateBadge state={request.state} />
        </Group>
        {request.deadline && request.state === 'reserved' && <DeadlineCountdown deadline={request.deadline} />}
        {side === 'physician' ? row(t('requests.bank'), request.e_Name) : row(t('requests.clinic'), request.c_Name)}
        {side === 'bank' && row(t('requests.physician'), request.physician_Name)}
        {request.patient_Code && row(t('requests.patient'), showPatientCode(request.patient_Code))}
        {request.query_i_min &&
          row(t('requests.implantWindow'), `${request.query_i_min} – ${request.query_i_max ?? ''}`)}
        {row(t('requests.noteShown'), request.note)}
        {row(t('requests.reason'), request.reason)}
        {row(t('requests.date'), request.implantedOn)}
        {request.leadTimeWarning && (
          <Alert color="orange" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs" data-testid="lead-time">
            {t('requests.leadTime', { count: request.leadTimeDays })}
          </Alert>
        )}
        <ReceiveButton request={request} side={side} />
        <StepButtons request={request} side={side} />
        <CorrectButton request={request} side={side} />
        <RequestHistoryView id={request.id} />
      </Stack>
    </Card>
  );
}
