import { useState } from 'react';
import { Button, Checkbox, Group, Select, Stack, Textarea } from '@mantine/core';
import {
  entriesForGraft,
  formatPatientCode,
  isCompletePatientCode,
  PATIENT_CODE_PLACEHOLDER,
  type Graft,
  type PatientCodeParts,
  type WaitingListEntry,
  CreateGraftRequestRequest,
  maxLengthOf,
} from '@graftmatch/domain';
import { showMillimetreRange, showMillimetres, showPatientCode } from '../../i18n/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { typeLabel } from '../grafts/graftFormat';
import { PatientCodeInput } from '../grafts/PatientCodeInput';
import { wholeWaitingListQuery } from '../grafts/waitingList';
import { createRequest } from './api';
import { asksPriorImplantation, PriorImplantationQuestion } from './PriorImplantationQuestion';
import { requestKeys } from './keys';

// A request is for a patient (docs/decisions.md "Graft requests"): the physician's entry the graft
// fits is preselected, only such entries are offered, and without one the patient code is asked for.

const entryLabel = (t: TFunction, entry: WaitingListEntry) =>
  `${typeLabel(t, entry.query_Type)} · ${showMillimetreRange(entry.query_d_min, entry.query_d_max)} · ≥ ${showMillimetres(entry.query_l_min)} · ` +
  `${showPatientCode(entry.patient_Code)} · ${entry.query_i_min} – ${entry.query_i_max}`;

const noPatient: PatientCodeParts = { initial: null, month: null, year: null };

export function RequestForm({ graft, onDone }: { graft: Graft; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entries = useQuery(wholeWaitingListQuery);
  const fitting = entriesForGraft(graft, entries.data ?? []);
  // undefined until the physician picks: then the best fitting entry stands.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const entry = picked === undefined ? (fitting[0]?.waitinglistid ?? null) : picked;
  const [patient, setPatient] = useState<PatientCodeParts>(noPatient);
  const [notKnown, setNotKnown] = useState(false);
  const [tried, setTried] = useState(false);
  const [note, setNote] = useState('');
  const [priorReason, setPriorReason] = useState('');
  const code = notKnown ? PATIENT_CODE_PLACEHOLDER : formatPatientCode(patient);
  const codeMissing = entry === null && !notKnown && !isCompletePatientCode(code);
  const send = useFormMutation({
    labels: {
      waitinglistid: t('requests.entry'),
      patient_Code: t('patientCode.legend'),
      note: t('requests.note'),
      priorImplantationReason: t('priorImplantation.reason'),
    },
    mutationFn: () =>
      createRequest({
        lot: graft.e_Lot,
        ...(entry ? { waitinglistid: entry } : { patient_Code: code }),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(priorReason.trim() ? { priorImplantationReason: priorReason.trim() } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      notify('success', t('requests.sent'));
      onDone();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!codeMissing) {
          send.mutate();
        }
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('requests.entry')}
          description={fitting.length === 0 && entries.isSuccess ? t('requests.noFittingEntry') : undefined}
          placeholder={t('requests.entryNone')}
          clearable
          value={entry}
          onChange={setPicked}
          error={send.fieldError('waitinglistid')}
          data={fitting.map((item) => ({ value: item.waitinglistid, label: entryLabel(t, item) }))}
          data-testid="request-entry"
        />
        {entry === null && (
          <>
            <Checkbox
              label={t('requests.patientNotKnown')}
              checked={notKnown}
              onChange={(event) => setNotKnown(event.currentTarget.checked)}
              data-testid="request-patient-unknown"
            />
            {!notKnown && (
              <PatientCodeInput
                value={patient}
                onChange={setPatient}
                error={tried && codeMissing ? t('requests.patientNeeded') : send.fieldError('patient_Code')}
              />
            )}
          </>
        )}
        <Textarea
          label={t('requests.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={maxLengthOf(CreateGraftRequestRequest, 'note')}
          error={send.fieldError('note')}
        />
        {asksPriorImplantation(send.error) ? (
          <PriorImplantationQuestion
            error={send.error}
            reason={priorReason}
            onReason={setPriorReason}
            question="request"
          />
        ) : (
          <FormRefusal form={send} testId="request-error" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="request-send">
            {t('requests.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
