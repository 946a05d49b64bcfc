import { NumberInput } from '@mantine/core';
import { MAX_RESERVATION_HOURS } from '@graftmatch/domain';
import { showDateTime } from '../../i18n/format';
import { useTranslation } from 'react-i18next';

// The reservation's length in whole hours (docs/api.md "Graft requests"). A value out of range is a
// field error, never silently cut to the maximum, and the field says when the reservation would end.

/** The hours as typed: a number, or '' while the field is empty. */
export type HoursValue = number | string;

/** Whole hours from 1 to the maximum, or null. */
export function validReservationHours(value: HoursValue): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_RESERVATION_HOURS
    ? value
    : null;
}

/** When a reservation of this many hours from now would end. */
function endOfReservation(hours: number, now: Date): string {
  return showDateTime(new Date(now.getTime() + hours * 3_600_000));
}

export function ReserveHoursInput({
  value,
  onChange,
  serverError,
}: {
  value: HoursValue;
  onChange: (value: HoursValue) => void;
  /** The server's refusal of the hours, with the field's label. */
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  const hours = validReservationHours(value);
  return (
    <NumberInput
      label={t('requests.hours')}
      min={1}
      max={MAX_RESERVATION_HOURS}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={onChange}
      error={hours === null ? t('requests.hoursRange', { max: MAX_RESERVATION_HOURS }) : serverError}
      required
      description={
        hours === null ? undefined : t('requests.reservedUntil', { time: endOfReservation(hours, new Date()) })
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid="step-hours"
    />
  );
}
