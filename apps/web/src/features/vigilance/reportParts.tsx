import { Box, Badge, Fieldset, Radio, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  AFFECTED_INDIVIDUALS,
  annexFieldsOf,
  CLINICAL_OUTCOMES,
  IMPUTABILITY_LEVELS,
  MAX_VIGILANCE_LINE_LENGTH,
  MAX_VIGILANCE_TEXT_LENGTH,
  SEVERITY_LEVELS,
  type AnnexPart,
  type Deviation,
  type Language,
  type VigilanceReport,
  type VigilanceState,
} from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/DayInput';
import { DeviationMatrix } from './DeviationMatrix';
import { confirmAction } from '../../components/confirmAction';

// The annexes' items as a form or as read-only facts (docs/decisions.md "Vigilance"): each item in
// the annex's own wording (ANNEX_FIELDS), its inputs by the field's kind. An item of one field is
// that field's label; an item of several is their legend, each field labelled by its part.

const STATE_COLOR: Record<VigilanceState, string> = { draft: 'gray.7', notified: 'cyan.9', confirmed: 'teal.9' };

export function StateBadge({ state }: { state: VigilanceState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[state]} data-testid="vigilance-state">
      {t(`vigilance.state.${state}`)}
    </Badge>
  );
}

/** Asks before a step that cannot be undone. */
export function confirmFirst(title: string, text: string, onConfirm: () => void) {
  confirmAction({ title, text, confirm: title, testId: 'confirm-step', onConfirm });
}

/** The report identification the annexes ask for. */
export const reportReference = (report: VigilanceReport) =>
  (report.sar?.notification ?? report.sae?.notification)?.reportIdentification ?? report.id;

type Input =
  | { type: 'text' | 'long' | 'date' | 'yesno' }
  | { type: 'select'; options: readonly string[] }
  | { type: 'deviations' };

/** The fields a reporter fills in, by kind of input; all others the graft and the server fill in. */
export const EDITABLE: Readonly<Record<string, Input>> = {
  individualAffected: { type: 'select', options: AFFECTED_INDIVIDUALS },
  applicationDate: { type: 'date' },
  applicationPlace: { type: 'text' },
  reactionDate: { type: 'date' },
  reactionType: { type: 'text' },
  eventDate: { type: 'date' },
  deviations: { type: 'deviations' },
  description: { type: 'long' },
  imputability: { type: 'select', options: IMPUTABILITY_LEVELS },
  severity: { type: 'select', options: SEVERITY_LEVELS },
  mitigatingMeasures: { type: 'long' },
  confirmed: { type: 'yesno' },
  typeChanged: { type: 'yesno' },
  typeChange: { type: 'text' },
  clinicalOutcome: { type: 'select', options: CLINICAL_OUTCOMES },
  investigationOutcome: { type: 'long' },
  correctiveActions: { type: 'long' },
  rootCauseAnalysis: { type: 'long' },
  correctiveMeasures: { type: 'long' },
};

export type Values = Record<string, unknown>;

const languageOf = (language: string): Language => (language === 'de' ? 'de' : 'en');

/**
 * The label of every editable field as the form shows it, for naming fields in a refusal: the
 * annex item, and for a field that shares its item, the item and the field's part.
 */
export function annexFieldLabels(parts: readonly AnnexPart[], t: TFunction, language: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const entry of parts.flatMap(annexFieldsOf)) {
    const legend = entry.item[languageOf(language)];
    for (const name of entry.fields.filter((field) => field in EDITABLE)) {
      labels[name] ??= entry.fields.length === 1 ? legend : `${legend} – ${t(`vigilance.sub.${name}`)}`;
    }
  }
  return labels;
}

interface PartProps {
  annex: AnnexPart;
  values: Values;
  /** Fields editable here; none for a submitted part. */
  editable: ReadonlySet<string>;
  onChange?: (name: string, value: unknown) => void;
  /** Fields the part needs before it is submitted, marked as required. */
  required?: ReadonlySet<string>;
  /** The server's refusal of a field, named by its label. */
  errorOf?: (name: string) => string | undefined;
}

/** One annex part: each item in the annex's wording, its fields as inputs or facts. */
export function AnnexPartFields({ annex, values, editable, onChange, required, errorOf }: PartProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const field = (name: string, label: string | null) =>
    editable.has(name) && onChange ? (
      <FieldInput
        key={name}
        name={name}
        label={label ?? ''}
        value={values[name]}
        onChange={onChange}
        required={required?.has(name) ?? false}
        error={errorOf?.(name)}
      />
    ) : (
      <FieldValue key={name} name={name} label={label} value={values[name]} />
    );
  return (
    <Stack gap="xs">
      {annexFieldsOf(annex).map((entry) => {
        const legend = entry.item[language];
        const [only] = entry.fields;
        // A field of several inputs (the deviation matrix) keeps the item as its group's legend.
        if (entry.fields.length === 1 && only !== undefined && only !== 'deviations') {
          return (
            <Box key={entry.item.en} data-testid="annex-item">
              {editable.has(only) && onChange ? (
                field(only, legend)
              ) : (
                <FieldValue name={only} label={legend} value={values[only]} />
              )}
            </Box>
          );
        }
        return (
          <Fieldset key={entry.item.en} legend={legend} variant="unstyled" data-testid="annex-item">
            <Stack gap={4}>
              {entry.fields.map((name) => field(name, entry.fields.length === 1 ? null : t(`vigilance.sub.${name}`)))}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}

function shown(t: (key: string, options?: { defaultValue: string }) => string, value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return t('vigilance.notSet');
  }
  if (typeof value === 'boolean') {
    return value ? t('vigilance.yes') : t('vigilance.no');
  }
  if (typeof value === 'string' && /^[a-z]+(-[a-z]+)*$/.test(value)) {
    return t(`vigilance.options.${value}`, { defaultValue: value });
  }
  return String(value);
}

function FieldValue({ name, label, value }: { name: string; label: string | null; value: unknown }) {
  const { t } = useTranslation();
  if (name === 'deviations') {
    return <DeviationMatrix value={(value as Deviation[] | undefined) ?? []} />;
  }
  return (
    <Text size="sm" data-field={name}>
      {label ? `${label}: ` : ''}
      {shown(t, value)}
    </Text>
  );
}

function FieldInput(props: {
  name: string;
  label: string;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
  required: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { name, label, value, onChange, required, error } = props;
  const input = EDITABLE[name] ?? { type: 'text' };
  const testId = `field-${name}`;
  switch (input.type) {
    case 'long':
      return (
        <Textarea
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(name, event.currentTarget.value || null)}
          rows={2}
          maxLength={MAX_VIGILANCE_TEXT_LENGTH}
          required={required}
          error={error}
          data-testid={testId}
        />
      );
    case 'date':
      return (
        <DayInput
          label={label}
          value={typeof value === 'string' ? value : null}
          onChange={(day) => onChange(name, day || null)}
          clearable
          required={required}
          error={error}
          data-testid={testId}
        />
      );
    case 'select':
      return (
        <Select
          label={label}
          value={typeof value === 'string' ? value : null}
          onChange={(selected) => onChange(name, selected)}
          data={input.options.map((option) => ({ value: option, label: t(`vigilance.options.${option}`) }))}
          clearable
          required={required}
          error={error}
          data-testid={testId}
        />
      );
    case 'yesno':
      return (
        <Radio.Group
          label={label}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(selected) => onChange(name, selected === 'yes')}
          withAsterisk={required}
          error={error}
          data-testid={testId}
        >
          <Group gap="md" mt={4}>
            <Radio value="yes" label={t('vigilance.yes')} />
            <Radio value="no" label={t('vigilance.no')} />
          </Group>
        </Radio.Group>
      );
    case 'deviations':
      return (
        <Stack gap={4}>
          <DeviationMatrix
            value={(value as Deviation[] | undefined) ?? []}
            onChange={(deviations) => onChange(name, deviations)}
          />
          {error && (
            <Text size="sm" c="var(--mantine-color-error)" data-testid={`${testId}-error`}>
              {error}
            </Text>
          )}
        </Stack>
      );
    default:
      return (
        <TextInput
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(name, event.currentTarget.value || null)}
          maxLength={MAX_VIGILANCE_LINE_LENGTH}
          required={required}
          error={error}
          data-testid={testId}
        />
      );
  }
}
