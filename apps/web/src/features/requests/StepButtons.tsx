import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  DEFAULT_RESERVATION_HOURS,
  isOutsideImplantWindow,
  ReasonGraftRequestRequest,
  maxLengthOf,
  formatPatientCode,
  type GraftRequest,
  type RequestSide,
  type RequestStepAction,
  type RequestStepInput,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { graftCodeProblem, ScanField, ScanRefusal } from '../scan';
import {
  hasImplantProblems,
  ImplantFields,
  implantProblems,
  initialImplant,
  type ImplantProblems,
} from './ImplantFields';
import { takeStep } from './api';
import { deliveryBody, deliveryComplete, DeliveryFields, initialDelivery } from './DeliveryFields';
import { asksPriorImplantation, PriorImplantationQuestion } from './PriorImplantationQuestion';
import { ReserveHoursInput, validReservationHours, type HoursValue } from './ReserveHoursInput';
import { requestKeys } from './keys';

// Each step a side may take now (the server's `actions`) as a button; every step asks first, saying
// what it will cause, since none can be undone, and collects what it carries (hours, date and patient, reason).

const CLOSING = new Set(['withdraw', 'decline', 'return']);

interface FormProps {
  request: GraftRequest;
  side: RequestSide;
  action: RequestStepAction;
  onDone: () => void;
}

function StepForm({ request, side, action, onDone }: FormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<HoursValue>(DEFAULT_RESERVATION_HOURS);
  const [implant, setImplant] = useState(() => initialImplant(request));
  const [problems, setProblems] = useState<ImplantProblems | null>(null);
  const [reason, setReason] = useState('');
  const [delivery, setDelivery] = useState(() => initialDelivery(request));
  const [deliveryTried, setDeliveryTried] = useState(false);
  const [priorReason, setPriorReason] = useState('');
  // Implanting outside the entry's window is asked once, then recorded as such (docs/decisions.md).
  const [outsideAsked, setOutsideAsked] = useState(false);
  const outside =
    action === 'implant' &&
    isOutsideImplantWindow(implant.date, { from: request.query_i_min, to: request.query_i_max });
  // The implantation names the package in hand: scanned first, the server compares it with the graft.
  const [sec, setSec] = useState('');
  const [secMissing, setSecMissing] = useState(false);
  // The dialog shows the refusal itself (both codes of a wrong package, a field's reason at the field).
  const step = useFormMutation({
    labels: {
      sec: t('scan.packageCode'),
      hours: t('requests.hours'),
      date: t(action === 'deliver' ? 'delivery.date' : 'requests.date'),
      patient_Code: t('patientCode.legend'),
      carrier: t('delivery.carrier'),
      reference: t('delivery.reference'),
      note: t('delivery.note'),
      reason: t('requests.reason'),
      priorImplantationReason: t('priorImplantation.reason'),
    },
    mutationFn: () => {
      const body: RequestStepInput =
        action === 'reserve'
          ? { hours: Number(hours), ...(priorReason.trim() ? { priorImplantationReason: priorReason.trim() } : {}) }
          : action === 'deliver'
            ? deliveryBody(delivery)
            : action === 'implant'
              ? { date: implant.date, patient_Code: formatPatientCode(implant.patient), sec: sec.trim() }
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
      noValidate={action === 'implant'}
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) {
          return;
        }
        if (action === 'implant') {
          // Nothing is sent while the date or a part of the patient code is wrong.
          const found = implantProblems(implant, request);
          setProblems(found);
          setSecMissing(sec.trim() === '');
          if (hasImplantProblems(found) || sec.trim() === '' || graftCodeProblem(sec) !== null) {
            return;
          }
          if (outside && !outsideAsked) {
            setOutsideAsked(true);
            return;
          }
        }
        if (action === 'deliver') {
          setDeliveryTried(true);
          if (!deliveryComplete(delivery, request)) {
            return;
          }
        }
        step.mutate();
      }}
    >
      <Stack gap="sm">
        {action === 'implant' && (
          <ScanField
            label={t('scan.packageCode')}
            value={sec}
            onChange={(value) => {
              setSec(value);
              setSecMissing(false);
              step.reset();
            }}
            cameraFirst
            error={secMissing ? t('scan.required') : step.fieldError('sec')}
          />
        )}
        <Text size="sm" data-testid="step-consequence">
          {t(`requests.consequence.${action}`, { clinic: request.c_Name })}
        </Text>
        {action === 'reserve' && (
          <ReserveHoursInput value={hours} onChange={setHours} serverError={step.fieldError('hours')} />
        )}
        {action === 'deliver' && (
          <DeliveryFields
            value={delivery}
            onChange={setDelivery}
            request={request}
            tried={deliveryTried}
            serverError={step.fieldError}
          />
        )}
        {action === 'implant' && (
          <ImplantFields
            value={implant}
            onChange={(next) => {
              setImplant(next);
              setProblems((shown) => (shown ? implantProblems(next, request) : null));
            }}
            problems={problems}
            deliveredOn={request.deliveredOn}
            serverError={step.fieldError}
          />
        )}
        {outside && outsideAsked && (
          <Alert color="orange" role="alert" data-testid="implant-outside-window">
            {t('requests.outsideWindowAsk', { from: request.query_i_min, until: request.query_i_max })}
          </Alert>
        )}
        {(action === 'return' || action === 'decline') && (
          <Textarea
            label={t('requests.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required={needsReason}
            error={step.fieldError('reason')}
            maxLength={maxLengthOf(ReasonGraftRequestRequest, 'reason')}
            data-testid="step-reason"
          />
        )}
        {step.isError &&
          (action === 'reserve' && asksPriorImplantation(step.error) ? (
            <PriorImplantationQuestion
              error={step.error}
              reason={priorReason}
              onReason={setPriorReason}
              question="reserve"
            />
          ) : (
            <ScanRefusal form={step} />
          ))}
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
  const open = (action: RequestStepAction) => {
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
