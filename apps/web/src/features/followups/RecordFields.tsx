import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DEATH_CAUSES,
  EXPLANT_REASONS,
  FollowUpRecordInput,
  GRAFT_STATUSES,
  MAX_GRADIENT_MMHG,
  maxLengthOf,
  NYHA_CLASSES,
  PATIENT_STATUSES,
  REGURGITATION_GRADES,
  REINTERVENTION_KINDS,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/DayInput';
import type { RecordFormState } from './recordForm';

// The follow-up form's fields (docs/api.md "Follow-ups"), phone first: one column of choices, the
// details of a death, a reintervention or an explant shown only with it, every required field marked.

interface Props {
  value: RecordFormState;
  onChange: (change: Partial<RecordFormState>, field: keyof RecordFormState) => void;
  labels: Readonly<Record<string, string>>;
  /** The error shown at a field: the form's own rules first, then the server's refusal. */
  error: (field: keyof RecordFormState) => string | undefined;
}

/** A required choice among a few, as radio buttons (nothing chosen at first). */
function Choice<V extends string>(props: {
  field: keyof RecordFormState;
  value: V | null;
  values: readonly V[];
  words: (value: V) => string;
  fields: Props;
  vertical?: boolean;
}) {
  const { field, fields } = props;
  const radios = props.values.map((value) => (
    <Radio key={value} value={value} label={props.words(value)} data-testid={`followup-${field}-${value}`} />
  ));
  return (
    <Radio.Group<V>
      label={fields.labels[field]}
      value={props.value}
      onChange={(value) => fields.onChange({ [field]: value }, field)}
      error={fields.error(field)}
      withAsterisk
      data-testid={`followup-${field}`}
    >
      {props.vertical ? <Stack gap={8}>{radios}</Stack> : <Group gap="lg">{radios}</Group>}
    </Radio.Group>
  );
}

/** A required day of an event, from the implantation to the follow-up's date. */
function Day({ field, fields }: { field: 'date' | 'deathDate' | 'reinterventionDate' | 'explantDate'; fields: Props }) {
  return (
    <DayInput
      label={fields.labels[field]}
      value={fields.value[field] || null}
      onChange={(day) => fields.onChange({ [field]: day ?? '' }, field)}
      error={fields.error(field)}
      withAsterisk
      data-testid={`followup-${field}`}
    />
  );
}

function Gradient({ field, fields }: { field: 'peakGradient' | 'meanGradient'; fields: Props }) {
  return (
    <NumberInput
      label={fields.labels[field]}
      value={fields.value[field]}
      onChange={(value) => fields.onChange({ [field]: value }, field)}
      error={fields.error(field)}
      min={0}
      max={MAX_GRADIENT_MMHG}
      decimalScale={1}
      suffix=" mmHg"
      inputMode="decimal"
      data-testid={`followup-${field}`}
    />
  );
}

export function RecordFields(fields: Props) {
  const { t } = useTranslation();
  const { value, onChange, labels, error } = fields;
  return (
    <Stack gap="md">
      <Day field="date" fields={fields} />
      <Choice
        field="patientStatus"
        value={value.patientStatus}
        values={PATIENT_STATUSES}
        words={(status) => t(`followups.field.${status}`)}
        fields={fields}
      />
      {value.patientStatus === 'died' && (
        <>
          <Day field="deathDate" fields={fields} />
          <Choice
            field="deathCause"
            value={value.deathCause}
            values={DEATH_CAUSES}
            words={(cause) => t(`followups.deathCause.${cause}`)}
            fields={fields}
            vertical
          />
        </>
      )}
      <Choice
        field="graftStatus"
        value={value.graftStatus}
        values={GRAFT_STATUSES}
        words={(status) => t(`followups.field.${status}`)}
        fields={fields}
        vertical
      />
      {value.graftStatus === 'reintervention' && (
        <>
          <Day field="reinterventionDate" fields={fields} />
          <Choice
            field="reinterventionKind"
            value={value.reinterventionKind}
            values={REINTERVENTION_KINDS}
            words={(kind) => t(`followups.reinterventionKind.${kind}`)}
            fields={fields}
          />
        </>
      )}
      {value.graftStatus === 'explanted' && (
        <>
          <Day field="explantDate" fields={fields} />
          <Choice
            field="explantReason"
            value={value.explantReason}
            values={EXPLANT_REASONS}
            words={(reason) => t(`followups.explantReason.${reason}`)}
            fields={fields}
            vertical
          />
          {value.explantReason === 'other' && (
            <TextInput
              label={labels.explantReasonText}
              value={value.explantReasonText}
              onChange={(event) => onChange({ explantReasonText: event.currentTarget.value }, 'explantReasonText')}
              error={error('explantReasonText')}
              maxLength={maxLengthOf(FollowUpRecordInput, 'explantReasonText')}
              withAsterisk
              data-testid="followup-explantReasonText"
            />
          )}
        </>
      )}
      <Fieldset legend={t('followups.field.events')} variant="unstyled">
        <Stack gap={8}>
          <Text size="sm" c="dimmed">
            {t('followups.field.eventsHint')}
          </Text>
          {(['endocarditis', 'thromboembolism', 'majorBleeding'] as const).map((event) => (
            <Checkbox
              key={event}
              label={labels[event]}
              checked={value[event]}
              onChange={(change) => onChange({ [event]: change.currentTarget.checked }, event)}
              error={error(event)}
              data-testid={`followup-${event}`}
            />
          ))}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('followups.field.echo')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Gradient field="peakGradient" fields={fields} />
          <Gradient field="meanGradient" fields={fields} />
          <Select
            label={labels.regurgitation}
            placeholder={t('followups.field.notMeasured')}
            data={REGURGITATION_GRADES.map((grade) => ({ value: grade, label: t(`followups.regurgitation.${grade}`) }))}
            value={value.regurgitation}
            onChange={(grade) =>
              onChange({ regurgitation: grade as RecordFormState['regurgitation'] }, 'regurgitation')
            }
            error={error('regurgitation')}
            clearable
            data-testid="followup-regurgitation"
          />
        </SimpleGrid>
      </Fieldset>
      <Select
        label={labels.nyhaClass}
        placeholder={t('followups.field.notMeasured')}
        data={[...NYHA_CLASSES]}
        value={value.nyhaClass}
        onChange={(nyha) => onChange({ nyhaClass: nyha as RecordFormState['nyhaClass'] }, 'nyhaClass')}
        error={error('nyhaClass')}
        clearable
        data-testid="followup-nyhaClass"
      />
    </Stack>
  );
}
