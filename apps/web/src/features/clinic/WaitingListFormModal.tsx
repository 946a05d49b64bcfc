import { useState, type FormEvent } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_WAITING_LIST_QUERY_TYPE,
  GRAFT_TYPES,
  webPaths,
  type GraftSearchQuery,
  type GraftTypeNumber,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { DayInput } from '../../components/DayInput';
import { FormModal } from '../../components/FormModal';
import { useNavigate } from 'react-router';
import { useMe } from '../auth';
import { asksPriorImplantation, PriorImplantationQuestion } from '../requests';
import { addWaitingListEntry, patchWaitingListEntry } from './api';
import { CriteriaFields } from './CriteriaFields';
import { clinicKeys } from './keys';
import { PatientCodeInput } from '../grafts/PatientCodeInput';
import { defaultQuery, forType } from '../grafts/searchQuery';
import {
  entryState,
  formErrors,
  newEntryState,
  patientProblems,
  toRequest,
  type WaitingListFormState,
} from './waitingListForm';
import { notify } from '../../components/notify';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Adding: the search to keep. */
  initialQuery?: GraftSearchQuery;
  /** Editing: the entry to change. */
  entry?: WaitingListEntry;
}

/** The form's fields by the names the server gives them, labelled as the form shows them. */
const entryLabels = (t: TFunction) => ({
  query_type: t('search.type'),
  query_d_min: t('search.diameterMin'),
  query_d_max: t('search.diameterMax'),
  query_l_min: t('search.totalLength'),
  query_l_l_min: t('search.leftLength'),
  query_l_r_min: t('search.rightLength'),
  patient_Code: t('patientCode.legend'),
  query_i_min: t('waitingList.implantFrom'),
  query_i_Max: t('waitingList.implantUntil'),
  physician_Name: t('waitingList.physicianName'),
  physician_Email: t('waitingList.physicianEmail'),
  physician_Phone: t('waitingList.physicianPhone'),
  priorImplantationReason: t('priorImplantation.reason'),
});

// The search criteria's own inputs show the search's rules; the server's word on them goes below.
const CRITERIA = ['query_d_min', 'query_d_max', 'query_l_min', 'query_l_l_min', 'query_l_r_min'] as const;

/** Add the current search to the waiting list, or edit an entry; afterwards the waiting list shows (spec §4). */
export function WaitingListFormModal({ opened, onClose, initialQuery, entry }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={entry ? t('waitingList.editTitle') : t('waitingList.addTitle')}>
      <WaitingListForm onDone={onClose} initialQuery={initialQuery} entry={entry} />
    </FormModal>
  );
}

function WaitingListForm({
  onDone,
  initialQuery,
  entry,
}: {
  onDone: () => void;
  initialQuery?: GraftSearchQuery | undefined;
  entry?: WaitingListEntry | undefined;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<WaitingListFormState>(() =>
    entry ? entryState(entry) : newEntryState(initialQuery ?? defaultQuery(DEFAULT_WAITING_LIST_QUERY_TYPE), me.data),
  );
  const [touched, setTouched] = useState(false);
  const [priorReason, setPriorReason] = useState('');
  const errors = formErrors(state);
  const set = (patch: Partial<WaitingListFormState>) => setState((current) => ({ ...current, ...patch }));
  const labels = entryLabels(t);
  const save = useFormMutation({
    labels,
    mutationFn: () => {
      const body = {
        ...toRequest(state),
        ...(priorReason.trim() ? { priorImplantationReason: priorReason.trim() } : {}),
      };
      return entry
        ? patchWaitingListEntry(entry.waitinglistid, body)
        : addWaitingListEntry({ ...body, query_timestamp: new Date().toISOString() });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clinicKeys.waitingList });
      notify('success', entry ? t('waitingList.updated') : t('waitingList.added'));
      onDone();
      void navigate(webPaths.clinicWaitingList);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) {
      save.mutate();
    }
  };
  // The domain's messages are technical English; each field gets a translated sentence instead.
  const show = (field: 'query_i_min' | 'query_i_Max') =>
    touched && errors[field] ? t(`waitingList.errors.${field}`) : save.fieldError(field);
  const criteriaErrors = CRITERIA.map((field) => save.fieldError(field)).filter((error) => error !== undefined);
  return (
    <form onSubmit={submit} noValidate data-testid="wl-form">
      <Stack gap="md">
        {!asksPriorImplantation(save.error) && <FormRefusal form={save} testId="wl-error" />}
        <Select
          label={labels.query_type}
          data={GRAFT_TYPES.map((type) => ({ value: String(type.number), label: t(`graftTypes.${type.slug}`) }))}
          value={String(state.query.query_type)}
          onChange={(next) => next && set({ query: forType(state.query, Number(next) as GraftTypeNumber) })}
          allowDeselect={false}
          error={save.fieldError('query_type')}
          data-testid="wl-type"
        />
        <CriteriaFields value={state.query} onChange={(query) => set({ query })} />
        {criteriaErrors.map((error) => (
          <Text key={error} size="sm" c="var(--mantine-color-error)" data-testid="wl-criteria-error">
            {error}
          </Text>
        ))}
        <PatientCodeInput
          value={state.patient}
          onChange={(patient) => set({ patient })}
          partProblems={touched ? patientProblems(state) : undefined}
          error={save.fieldError('patient_Code')}
          unknown={{ checked: state.patientUnknown, onChange: (patientUnknown) => set({ patientUnknown }) }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DayInput
            label={labels.query_i_min}
            value={state.from}
            onChange={(from) => set({ from })}
            error={show('query_i_min')}
            required
            data-testid="wl-implant-from"
          />
          <DayInput
            label={labels.query_i_Max}
            value={state.until}
            onChange={(until) => set({ until })}
            error={show('query_i_Max')}
            minDate={state.from ?? undefined}
            required
            data-testid="wl-implant-until"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label={labels.physician_Name}
            value={state.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={save.fieldError('physician_Name')}
            autoComplete="name"
          />
          <TextInput
            label={labels.physician_Email}
            type="email"
            value={state.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={save.fieldError('physician_Email')}
            autoComplete="email"
          />
          <TextInput
            label={labels.physician_Phone}
            type="tel"
            value={state.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
            error={save.fieldError('physician_Phone')}
            autoComplete="tel"
          />
        </SimpleGrid>
        {save.isError && asksPriorImplantation(save.error) && (
          <PriorImplantationQuestion
            error={save.error}
            reason={priorReason}
            onReason={setPriorReason}
            question="entry"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="wl-submit">
            {entry ? t('common.save') : t('waitingList.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
