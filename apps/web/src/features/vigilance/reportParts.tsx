import {
  Box,
  Badge,
  Checkbox,
  Fieldset,
  Radio,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  AFFECTED_INDIVIDUALS,
  annexFieldsOf,
  CLINICAL_OUTCOMES,
  DEVIATION_CAUSES,
  DEVIATION_STAGES,
  IMPUTABILITY_LEVELS,
  SEVERITY_LEVELS,
  type AnnexPart,
  type Deviation,
  type Language,
  type VigilanceReport,
  type VigilanceState,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

// The annexes' items as a form or as read-only facts (docs/decisions.md "Vigilance"): each item in
// the annex's own wording (ANNEX_FIELDS), its inputs by the field's kind.

const STATE_COLOR: Record<VigilanceState, string> = { draft: 'gray.7', notified: 'cyan.9', confirmed: 'teal.9' };

export function StateBadge({ state }: { state: VigilanceState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[state]} data-testid="vigilance-state">
      {t(`vigilance.state.${state}`)}
    </Badge>
  );
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

interface PartProps {
  annex: AnnexPart;
  values: Values;
  /** Fields editable here; none for a submitted part. */
  editable: ReadonlySet<string>;
  onChange?: (name: string, value: unknown) => void;
}

/** One annex part: each item as a fieldset in the annex's wording, its fields as inputs or facts. */
export function AnnexPartFields({ annex, values, editable, onChange }: PartProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'de' ? 'de' : 'en';
  return (
    <Stack gap="xs">
      {annexFieldsOf(annex).map((entry) => {
        const legend = entry.item[language];
        const single = entry.fields.length === 1;
        return (
          <Fieldset key={entry.item.en} legend={legend} variant="unstyled" data-testid={`annex-item`}>
            <Stack gap={4}>
              {entry.fields.map((name) => {
                const label = single ? legend : t(`vigilance.sub.${name}`);
                return editable.has(name) && onChange ? (
                  <FieldInput key={name} name={name} label={label} value={values[name]} onChange={onChange} />
                ) : (
                  <FieldValue key={name} name={name} label={single ? null : label} value={values[name]} />
                );
              })}
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
}) {
  const { t } = useTranslation();
  const { name, label, value, onChange } = props;
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
          maxLength={4000}
          data-testid={testId}
        />
      );
    case 'date':
      return (
        <TextInput
          type="date"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(name, event.currentTarget.value || null)}
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
          data-testid={testId}
        />
      );
    case 'yesno':
      return (
        <Radio.Group
          label={label}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(selected) => onChange(name, selected === 'yes')}
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
        <DeviationMatrix
          value={(value as Deviation[] | undefined) ?? []}
          onChange={(deviations) => onChange(name, deviations)}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(name, event.currentTarget.value || null)}
          maxLength={200}
          data-testid={testId}
        />
      );
  }
}

/** Annex IV's matrix: where in the chain, and of what kind; ticked cells are the deviations. */
function DeviationMatrix({ value, onChange }: { value: Deviation[]; onChange?: (value: Deviation[]) => void }) {
  const { t } = useTranslation();
  const has = (stage: string, cause: string) => value.some((d) => d.stage === stage && d.cause === cause);
  return (
    // Wider than a phone: it scrolls sideways, focusable so that keyboards can scroll it too.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('vigilance.deviationStage')}>
      <Table withTableBorder withColumnBorders miw={480} data-testid="deviation-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('vigilance.deviationStage')}</Table.Th>
            {DEVIATION_CAUSES.map((cause) => (
              <Table.Th key={cause}>{t(`vigilance.options.${cause}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DEVIATION_STAGES.map((stage) => (
            <Table.Tr key={stage}>
              <Table.Th scope="row">{t(`vigilance.options.${stage}`)}</Table.Th>
              {DEVIATION_CAUSES.map((cause) => {
                const label = `${t(`vigilance.options.${stage}`)}: ${t(`vigilance.options.${cause}`)}`;
                return (
                  <Table.Td key={cause}>
                    <Checkbox
                      aria-label={label}
                      checked={has(stage, cause)}
                      disabled={!onChange}
                      onChange={(event) =>
                        onChange?.(
                          event.currentTarget.checked
                            ? [...value, { stage, cause }]
                            : value.filter((d) => !(d.stage === stage && d.cause === cause)),
                        )
                      }
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
