import { useState, type FormEvent } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import {
  DEFAULT_WAITING_LIST_QUERY_TYPE,
  GRAFT_TYPES,
  type GraftSearchQuery,
  type GraftTypeNumber,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useNavigate } from 'react-router';
import { useMe } from '../auth';
import { asksPriorImplantation, PriorImplantationQuestion } from '../requests';
import { addWaitingListEntry, patchWaitingListEntry } from './api';
import { CriteriaFields } from './CriteriaFields';
import { clinicKeys } from './keys';
import { PatientCodeInput } from './PatientCodeInput';
import { defaultQuery, forType } from './searchQuery';
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

/** Add the current search to the waiting list, or edit an entry; afterwards the waiting list shows (spec §4). */
export function WaitingListFormModal({ opened, onClose, initialQuery, entry }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={entry ? t('waitingList.editTitle') : t('waitingList.addTitle')}>
      {/* The date pickers, their styles and German month names load with this form, not the login. */}
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <WaitingListForm onDone={onClose} initialQuery={initialQuery} entry={entry} />
      </DatesProvider>
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
  const save = useMutation({
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
      void navigate('/home/clinic/waitinglist');
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
    touched && errors[field] ? t(`waitingList.errors.${field}`) : undefined;
  return (
    <form onSubmit={submit} noValidate data-testid="wl-form">
      <Stack gap="md">
        <Select
          label={t('search.type')}
          data={GRAFT_TYPES.map((type) => ({ value: String(type.number), label: t(`graftTypes.${type.slug}`) }))}
          value={String(state.query.query_type)}
          onChange={(next) => next && set({ query: forType(state.query, Number(next) as GraftTypeNumber) })}
          allowDeselect={false}
          data-testid="wl-type"
        />
        <CriteriaFields value={state.query} onChange={(query) => set({ query })} />
        <PatientCodeInput
          value={state.patient}
          onChange={(patient) => set({ patient })}
          partProblems={touched ? patientProblems(state) : undefined}
          unknown={{ checked: state.patientUnknown, onChange: (patientUnknown) => set({ patientUnknown }) }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateInput
            label={t('waitingList.implantFrom')}
            valueFormat="YYYY-MM-DD"
            value={state.from}
            onChange={(from) => set({ from })}
            error={show('query_i_min')}
            required
            data-testid="wl-implant-from"
          />
          <DateInput
            label={t('waitingList.implantUntil')}
            valueFormat="YYYY-MM-DD"
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
            label={t('waitingList.physicianName')}
            value={state.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            autoComplete="name"
          />
          <TextInput
            label={t('waitingList.physicianEmail')}
            type="email"
            value={state.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            autoComplete="email"
          />
          <TextInput
            label={t('waitingList.physicianPhone')}
            type="tel"
            value={state.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
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
