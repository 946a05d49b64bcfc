import { useState } from 'react';
import { Button, Select, Stack, Text, Textarea, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  correctionTimeZone,
  localDay,
  CorrectionRequest,
  correctableFields,
  maxLengthOf,
  formatPatientCode,
  parsePatientCode,
  patientPartProblems,
  stepDateProblem,
  type CorrectionField,
  type GraftRequest,
  type RequestSide,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { useReadOnly } from '../auth';
import { PatientCodeInput } from '../grafts/PatientCodeInput';
import { correctRequest } from './api';
import { StepDateInput } from './ImplantFields';
import { requestKeys } from './keys';

// A correction of a recorded step with its mandatory reason (docs/api.md, "Corrections"): the
// same date and patient-code rules as the step, checked before anything is sent.

const DATE_FIELDS = new Set<CorrectionField>(['assignedOn', 'deliveredOn', 'implantedOn']);

/** The date a field holds now, as the dialog's starting value. */
function recordedDate(request: GraftRequest, field: CorrectionField): string {
  const dates: Partial<Record<CorrectionField, string | null>> = {
    assignedOn: request.assignedOn,
    deliveredOn: request.deliveredOn,
    implantedOn: request.implantedOn,
  };
  return dates[field] ?? '';
}

/** The dates of the steps before and after the corrected one: a date stays in step order. */
function neighbours(request: GraftRequest, field: CorrectionField) {
  const order = [request.assignedOn, request.deliveredOn, request.implantedOn];
  const index = (['assignedOn', 'deliveredOn', 'implantedOn'] as CorrectionField[]).indexOf(field);
  return index < 0
    ? { earlier: null, later: null }
    : { earlier: order[index - 1] ?? null, later: order[index + 1] ?? null };
}

function CorrectForm({
  request,
  fields,
  onDone,
}: {
  request: GraftRequest;
  fields: CorrectionField[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [field, setField] = useState<CorrectionField>(fields[0]!);
  const [date, setDate] = useState(recordedDate(request, field));
  const [patient, setPatient] = useState(
    () => parsePatientCode(request.patient_Code) ?? { initial: null, month: null, year: null },
  );
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const today = localDay(new Date(), correctionTimeZone(field, request));
  const { earlier, later } = neighbours(request, field);
  const dateProblem = DATE_FIELDS.has(field) ? stepDateProblem(date, today, earlier, later) : null;
  const partProblems = field === 'patient_Code' ? patientPartProblems(patient) : {};
  const value = DATE_FIELDS.has(field) ? date : field === 'patient_Code' ? formatPatientCode(patient) : text.trim();
  const valid = dateProblem === null && Object.keys(partProblems).length === 0 && value !== '' && reason.trim() !== '';
  const save = useFormMutation({
    labels: { field: t('corrections.field'), value: t('corrections.newValue'), reason: t('corrections.reason') },
    mutationFn: () => correctRequest(request.id, { field, value, reason: reason.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      notify('success', t('corrections.done'));
      onDone();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (valid) {
          save.mutate();
        }
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('corrections.intro')}</Text>
        <Select
          label={t('corrections.field')}
          data={fields.map((name) => ({ value: name, label: t(`corrections.fields.${name}`) }))}
          value={field}
          onChange={(next) => {
            if (next) {
              setField(next as CorrectionField);
              setDate(recordedDate(request, next as CorrectionField));
            }
          }}
          allowDeselect={false}
          data-testid="correct-field"
        />
        {DATE_FIELDS.has(field) && (
          <StepDateInput
            label={t('corrections.newValue')}
            value={date}
            onChange={setDate}
            problem={touched ? dateProblem : null}
            earlier={earlier}
            later={later}
            serverError={save.fieldError('value')}
          />
        )}
        {field === 'patient_Code' && (
          <PatientCodeInput
            value={patient}
            onChange={setPatient}
            partProblems={touched ? partProblems : undefined}
            error={save.fieldError('value')}
          />
        )}
        {field === 'reason' && (
          <Textarea
            label={t('corrections.newValue')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={touched && text.trim() === '' ? t('corrections.valueMissing') : save.fieldError('value')}
            required
            maxLength={maxLengthOf(CorrectionRequest, 'value')}
            data-testid="correct-text"
          />
        )}
        <Textarea
          label={t('corrections.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={touched && reason.trim() === '' ? t('corrections.reasonMissing') : save.fieldError('reason')}
          required
          maxLength={maxLengthOf(CorrectionRequest, 'reason')}
          data-testid="correct-reason"
        />
        <FormRefusal form={save} testId="correct-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="correct-submit">
            {t('corrections.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Correct" on a request with a recorded step the reader's side may correct; auditors correct nothing. */
export function CorrectButton({ request, side }: { request: GraftRequest; side: RequestSide }) {
  const { t } = useTranslation();
  const readOnly = useReadOnly();
  const fields = correctableFields(request.state, side);
  if (fields.length === 0 || readOnly) {
    return null;
  }
  const open = () => {
    const id = modals.open({
      title: t('corrections.title', { lot: request.lot }),
      children: <CorrectForm request={request} fields={fields} onDone={() => modals.close(id)} />,
    });
  };
  return (
    <Button size="xs" variant="default" onClick={open} data-testid="correct">
      {t('corrections.correct')}
    </Button>
  );
}
