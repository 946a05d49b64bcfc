import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  DEFAULT_RESERVATION_HOURS,
  formatPatientCode,
  type GraftRequest,
  type PatientCodeParts,
} from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RequestStepBody } from '../../api/routes';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PatientCodeInput } from '../clinic/PatientCodeInput';
import { takeStep, type RequestSide } from './api';
import { ReserveHoursInput, validReservationHours, type HoursValue } from './ReserveHoursInput';
import { requestKeys } from './keys';

// Each step a side may take now (the server's `actions`) as a button; every step asks first,
// since none can be undone, and collects what it carries (hours, date and patient, reason).

const CLOSING = new Set(['withdraw', 'decline', 'return']);

interface FormProps {
  request: GraftRequest;
  side: RequestSide;
  action: string;
  onDone: () => void;
}

function StepForm({ request, side, action, onDone }: FormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<HoursValue>(DEFAULT_RESERVATION_HOURS);
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [patient, setPatient] = useState<PatientCodeParts>({ initial: null, month: null, year: null });
  const [reason, setReason] = useState('');
  const step = useMutation({
    mutationFn: () => {
      const body: RequestStepBody =
        action === 'reserve'
          ? { hours: Number(hours) }
          : action === 'implant'
            ? { date, patient_Code: formatPatientCode(patient) }
            : action === 'return' || (action === 'decline' && reason.trim() !== '')
              ? { reason: reason.trim() }
              : {};
      return takeStep(side, request.id, action, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      notify('success', t('requests.stepDone'));
      onDone();
    },
  });
  const needsReason = action === 'return';
  const invalid = action === 'reserve' && validReservationHours(hours) === null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) {
          step.mutate();
        }
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('requests.confirmText')}</Text>
        {action === 'reserve' && <ReserveHoursInput value={hours} onChange={setHours} />}
        {action === 'implant' && (
          <>
            <TextInput
              type="date"
              label={t('requests.date')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              required
            />
            <PatientCodeInput value={patient} onChange={setPatient} />
          </>
        )}
        {(action === 'return' || action === 'decline') && (
          <Textarea
            label={t('requests.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required={needsReason}
            data-testid="step-reason"
          />
        )}
        {step.isError && <ErrorAlert error={step.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color={CLOSING.has(action) ? 'red' : undefined}
            loading={step.isPending}
            disabled={(needsReason && reason.trim() === '') || invalid}
            data-testid="step-submit"
          >
            {t(`requests.action.${action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function StepButtons({ request, side }: { request: GraftRequest; side: RequestSide }) {
  const { t } = useTranslation();
  if (request.actions.length === 0) {
    return null;
  }
  const open = (action: string) => {
    const id = modals.open({
      title: `${t(`requests.action.${action}`)} – ${t('requests.lot')} ${request.lot}`,
      children: <StepForm request={request} side={side} action={action} onDone={() => modals.close(id)} />,
    });
  };
  return (
    <Group gap="xs" wrap="wrap">
      {request.actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant={CLOSING.has(action) ? 'default' : 'filled'}
          onClick={() => open(action)}
          data-testid={`step-${action}`}
        >
          {t(`requests.action.${action}`)}
        </Button>
      ))}
    </Group>
  );
}
