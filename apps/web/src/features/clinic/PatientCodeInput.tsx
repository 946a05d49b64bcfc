import { Fieldset, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { displayPatientCode, type PatientCodeParts } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

interface Props {
  value: PatientCodeParts;
  onChange: (value: PatientCodeParts) => void;
  error?: string | undefined;
}

const asNumber = (value: string | number): number | null => (typeof value === 'number' ? value : null);

/**
 * The patient code `initial-MM-YYYY` (spec §3) as three inputs, so nobody has to know the format.
 * Parts left empty are sent as placeholders and shown as n.d.
 */
export function PatientCodeInput({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('patientCode.legend')} variant="unstyled" data-testid="patient-code">
      <Group gap="sm" align="flex-start" grow>
        <TextInput
          label={t('patientCode.initial')}
          maxLength={1}
          value={value.initial ?? ''}
          onChange={(event) => {
            const letter = event.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, '');
            onChange({ ...value, initial: letter || null });
          }}
          data-testid="patient-initial"
        />
        <NumberInput
          label={t('patientCode.month')}
          min={1}
          max={12}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={value.month ?? ''}
          onChange={(next) => onChange({ ...value, month: asNumber(next) })}
          data-testid="patient-month"
        />
        <NumberInput
          label={t('patientCode.year')}
          min={1900}
          max={2100}
          allowDecimal={false}
          allowNegative={false}
          value={value.year ?? ''}
          onChange={(next) => onChange({ ...value, year: asNumber(next) })}
          data-testid="patient-year"
        />
      </Group>
      <Text size="sm" mt={6} data-testid="patient-code-preview">
        {t('patientCode.preview', { code: displayPatientCode(value) })}
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
