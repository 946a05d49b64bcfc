import { Checkbox, Fieldset, Group, NumberInput, Text, TextInput } from '@mantine/core';
import {
  PATIENT_CODE_BOUNDS,
  type PatientCodePart,
  type PatientCodeParts,
  type PatientPartProblem,
} from '@graftmatch/domain';
import { showPatientCode } from '../../i18n/format';
import { useTranslation } from 'react-i18next';

interface Props {
  value: PatientCodeParts;
  onChange: (value: PatientCodeParts) => void;
  error?: string | undefined;
  /** What is wrong with each part (shown once the form was submitted). */
  partProblems?: Partial<Record<PatientCodePart, PatientPartProblem>> | undefined;
  /** Offered where a patient may be "not known yet" (a waiting-list entry), never for an implantation. */
  unknown?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
}

const { initialLength, month, year } = PATIENT_CODE_BOUNDS;

const asNumber = (value: string | number): number | null => (typeof value === 'number' ? value : null);

/**
 * The patient code `initial-MM-YYYY` (spec §3) as three inputs, so nobody has to know the format.
 * Parts are kept as typed (month 13 stays 13) so the form can say which one is wrong
 * (docs/decisions.md, "Patient codes"); "not known yet" is a checkbox, never an empty part.
 */
export function PatientCodeInput({ value, onChange, error, partProblems = {}, unknown }: Props) {
  const { t } = useTranslation();
  const disabled = unknown?.checked ?? false;
  const problem = (part: PatientCodePart) => {
    const kind = disabled ? undefined : partProblems[part];
    return kind ? t(`patientCode.errors.${part}.${kind}`) : undefined;
  };
  return (
    <Fieldset legend={t('patientCode.legend')} variant="unstyled" data-testid="patient-code">
      {unknown && (
        <Checkbox
          mb="xs"
          label={t('patientCode.unknown')}
          checked={unknown.checked}
          onChange={(event) => unknown.onChange(event.currentTarget.checked)}
          data-testid="patient-unknown"
        />
      )}
      <Group gap="sm" align="flex-start" grow>
        <TextInput
          label={t('patientCode.initial')}
          maxLength={initialLength}
          value={value.initial ?? ''}
          disabled={disabled}
          error={problem('initial')}
          onChange={(event) => {
            const letter = event.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, '');
            onChange({ ...value, initial: letter || null });
          }}
          data-testid="patient-initial"
        />
        <NumberInput
          label={t('patientCode.month')}
          min={month.min}
          max={month.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={value.month ?? ''}
          disabled={disabled}
          error={problem('month')}
          onChange={(next) => onChange({ ...value, month: asNumber(next) })}
          data-testid="patient-month"
        />
        <NumberInput
          label={t('patientCode.year')}
          min={year.min}
          max={year.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={value.year ?? ''}
          disabled={disabled}
          error={problem('year')}
          onChange={(next) => onChange({ ...value, year: asNumber(next) })}
          data-testid="patient-year"
        />
      </Group>
      <Text size="sm" mt={6} data-testid="patient-code-preview">
        {disabled ? t('patientCode.notKnownYet') : t('patientCode.preview', { code: showPatientCode(value) })}
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
