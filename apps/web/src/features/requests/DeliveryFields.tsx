import { Stack, TextInput, Textarea } from '@mantine/core';
import {
  DeliverGraftRequestRequest,
  maxLengthOf,
  localDay,
  stepDateProblem,
  type GraftRequest,
  type DeliverGraftRequestRequest as DeliverBody,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { StepDateInput } from './ImplantFields';

// The delivery step's facts (docs/decisions.md, "Delivery facts"): the day the bank sent the graft,
// the carrier, the shipment reference and an optional note, for the traceability report.

export interface DeliveryValue {
  date: string;
  carrier: string;
  reference: string;
  note: string;
}

// The bank's local day dates the delivery, as the server judges it (docs/decisions.md "Time zones").
export const initialDelivery = (request: GraftRequest, now = new Date()): DeliveryValue => ({
  date: localDay(now, request.bankTimeZone),
  carrier: '',
  reference: '',
  note: '',
});

/** Whether the delivery may be sent: a valid date from the assignment to today, carrier and reference given. */
export function deliveryComplete(value: DeliveryValue, request: GraftRequest, now = new Date()): boolean {
  return (
    stepDateProblem(value.date, localDay(now, request.bankTimeZone), request.assignedOn) === null &&
    value.carrier.trim() !== '' &&
    value.reference.trim() !== ''
  );
}

export function deliveryBody(value: DeliveryValue): DeliverBody {
  return {
    date: value.date,
    carrier: value.carrier.trim(),
    reference: value.reference.trim(),
    ...(value.note.trim() ? { note: value.note.trim() } : {}),
  };
}

export function DeliveryFields(props: {
  value: DeliveryValue;
  onChange: (value: DeliveryValue) => void;
  request: GraftRequest;
  /** Shown once the bank tried to record. */
  tried: boolean;
  /** The server's refusal of a field, by the field's wire name. */
  serverError?: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { value, onChange, request, tried, serverError = () => undefined } = props;
  const set = (field: keyof DeliveryValue) => (text: string) => onChange({ ...value, [field]: text });
  const missing = (field: 'carrier' | 'reference') =>
    tried && value[field].trim() === '' ? t('delivery.required') : serverError(field);
  return (
    <Stack gap="xs">
      <StepDateInput
        label={t('delivery.date')}
        value={value.date}
        onChange={set('date')}
        problem={
          tried ? stepDateProblem(value.date, localDay(new Date(), request.bankTimeZone), request.assignedOn) : null
        }
        earlier={request.assignedOn}
        serverError={serverError('date')}
      />
      <TextInput
        label={t('delivery.carrier')}
        value={value.carrier}
        onChange={(event) => set('carrier')(event.currentTarget.value)}
        required
        maxLength={maxLengthOf(DeliverGraftRequestRequest, 'carrier')}
        error={missing('carrier')}
        data-testid="delivery-carrier"
      />
      <TextInput
        label={t('delivery.reference')}
        value={value.reference}
        onChange={(event) => set('reference')(event.currentTarget.value)}
        required
        maxLength={maxLengthOf(DeliverGraftRequestRequest, 'reference')}
        error={missing('reference')}
        data-testid="delivery-reference"
      />
      <Textarea
        label={t('delivery.note')}
        value={value.note}
        onChange={(event) => set('note')(event.currentTarget.value)}
        maxLength={maxLengthOf(DeliverGraftRequestRequest, 'note')}
        error={serverError('note')}
        data-testid="delivery-note"
      />
    </Stack>
  );
}
