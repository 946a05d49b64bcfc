import { Alert, Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  isGraftTypeNumber,
  requestAge,
  webPaths,
  type GraftRequest,
  type RequestSide,
  type RequestState,
} from '@graftmatch/domain';
import { serverNow } from '../../api/serverClock';
import { showAge, showDate, showDateTime, showPatientCode } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mm, typeLabel } from '../grafts/graftFormat';
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

/** When an open request came and how long it has waited: the bank's response clock, bold past three days. */
function RequestAgeLine({ createdAt }: { createdAt: string }) {
  const { t } = useTranslation();
  const now = serverNow();
  return (
    <Text size="sm" fw={requestAge(createdAt, now) === 'older' ? 700 : undefined} data-testid="request-age">
      <Text span c="dimmed">
        {t('requests.requestedAt')}:
      </Text>{' '}
      {showDateTime(createdAt)} · {showAge(createdAt, now)}
    </Text>
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
            {t('requests.lot')}{' '}
            <Anchor
              component={Link}
              to={side === 'physician' ? webPaths.clinicGraft(request.lot) : webPaths.euteDonation(request.lot)}
              data-testid="request-lot"
            >
              {request.lot}
            </Anchor>
          </Text>
          <RequestStateBadge state={request.state} />
        </Group>
        <Text size="sm" data-testid="request-graft">
          {isGraftTypeNumber(request.t_ProdName_2) ? typeLabel(t, request.t_ProdName_2) : t('common.notDocumented')} ·{' '}
          {t('requests.size', { diameter: mm(request.t_Dproximal), length: mm(request.t_Lmax) })}
        </Text>
        {request.state === 'requested' && <RequestAgeLine createdAt={request.createdAt} />}
        {request.deadline && request.state === 'reserved' && <DeadlineCountdown deadline={request.deadline} />}
        {side === 'physician' ? row(t('requests.bank'), request.e_Name) : row(t('requests.clinic'), request.c_Name)}
        {side === 'bank' && row(t('requests.physician'), request.physician_Name)}
        {request.patient_Code && row(t('requests.patient'), showPatientCode(request.patient_Code))}
        {request.query_i_min &&
          row(t('requests.implantWindow'), `${showDate(request.query_i_min)} – ${showDate(request.query_i_max)}`)}
        {row(t('requests.noteShown'), request.note)}
        {row(t('requests.reason'), request.reason)}
        {request.deliveredOn &&
          request.deliveryCarrier &&
          row(
            t('delivery.sent'),
            t('delivery.sentText', {
              date: request.deliveredOn,
              carrier: request.deliveryCarrier,
              reference: request.deliveryReference ?? '',
            }),
          )}
        {row(t('delivery.note'), request.deliveryNote)}
        {row(t('requests.date'), request.implantedOn)}
        {request.implantedOutsideWindow && (
          // Orange text misses 4.5:1 on white even at its darkest shade: the icon carries the colour.
          <Group gap={4} wrap="nowrap" data-testid="implanted-outside-window">
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-9)" aria-hidden />
            <Text size="sm">{t('requests.implantedOutsideWindow')}</Text>
          </Group>
        )}
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
