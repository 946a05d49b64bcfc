import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PatchEuteRequest, maxLengthOf, type Eute } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { ActiveToggleButton } from './ActiveToggleButton';
import { getEute, listEutes, patchEute, setEuteActive } from './api';
import { EuteAddModal } from './EuteAddModal';
import { EuteApiKeys } from './EuteApiKeys';
import { EuteLeadTime } from './EuteLeadTime';
import { OrganisationSso } from './OrganisationSso';
import { OrganisationSystemClients } from './OrganisationSystemClients';
import { OrganisationTimeZone } from './OrganisationTimeZone';
import { EuteReminders } from './EuteReminders';
import { EuteVigilance } from './EuteVigilance';
import { EUTE_FIELDS, euteFormErrors, euteState, toEutePatch, type EuteField, type EuteFormState } from './euteForm';
import { adminKeys } from './keys';
import { ListWithDetailPage, type ListColumn } from './ListWithDetailPage';
import { MembersList } from './MembersList';
import { EditButton } from './shared';
import { useAdminRights } from './useAdminRights';
import { useListWithDetail } from './useListWithDetail';
import classes from './admin.module.css';

function EuteForm({ eute, onDone }: { eute: Eute; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<EuteFormState>(() => euteState(eute));
  const [touched, setTouched] = useState(false);
  const errors = euteFormErrors(state, eute);
  const labels = Object.fromEntries(EUTE_FIELDS.map((name) => [name, t(`admin.eutes.fields.${name}`)]));
  const save = useFormMutation({
    labels,
    mutationFn: () => patchEute(eute.id, toEutePatch(state, eute)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.eute(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify('success', t('admin.eutes.updated', { name: saved.name }));
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      return;
    }
    if (Object.keys(toEutePatch(state, eute)).length === 0) {
      notify('info', t('admin.eutes.nothingChanged'));
      onDone();
      return;
    }
    save.mutate();
  };
  const field = (name: EuteField, extra: { type?: string; required?: boolean } = {}) => {
    const error = touched ? errors[name] : undefined;
    return (
      <TextInput
        label={labels[name]}
        value={state[name]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setState((current) => ({ ...current, [name]: value }));
          save.edited(name);
        }}
        error={
          error === 'required'
            ? t('admin.required')
            : error === 'email'
              ? t('admin.invalidEmail')
              : error === 'emailKept'
                ? t('admin.eutes.emailKept')
                : save.fieldError(name)
        }
        maxLength={maxLengthOf(PatchEuteRequest, name)}
        data-testid={`eute-${name}`}
        {...extra}
      />
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="eute-form">
      <Stack>
        <FormRefusal form={save} testId="eute-form-error" />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('name', { required: true })}
          {field('euteNumber')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {field('address')}
          {field('housenumber')}
          {field('zipcode')}
          {field('city')}
          {field('country')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('email', { type: 'email' })}
          {field('phone', { type: 'tel' })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="eute-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function addressLines(eute: Eute): string[] {
  return [
    [eute.address, eute.housenumber].filter(Boolean).join(' '),
    [eute.zipcode, eute.city].filter(Boolean).join(' '),
    eute.country ?? '',
  ].filter((line) => line.trim() !== '');
}

/**
 * `home/admin/eutes`: tissue banks by name (spec §3) and their onboarding: add, deactivate and
 * reactivate, lead time, reminders, vigilance settings and API keys. Auditors read all of it.
 */
export function EutesPage() {
  const { t } = useTranslation();
  const { canWrite } = useAdminRights();
  const state = useListWithDetail({
    listKey: adminKeys.eutes,
    list: listEutes,
    detailKey: adminKeys.eute,
    detail: getEute,
  });
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const needle = state.text.trim().toLowerCase();
  const shown = (state.list.data ?? []).filter((eute) =>
    [eute.name, eute.euteNumber ?? '', eute.city ?? ''].join('\n').toLowerCase().includes(needle),
  );
  const columns: ListColumn<Eute>[] = [
    {
      key: 'name',
      header: t('admin.eutes.name'),
      cell: (eute) => (
        <>
          <Text fw={600} size="sm">
            {eute.name}
          </Text>
          {eute.euteNumber && (
            <Text size="xs" c="dimmed">
              {eute.euteNumber}
            </Text>
          )}
        </>
      ),
    },
    { key: 'city', header: t('admin.eutes.city'), cell: (eute) => eute.city ?? '–' },
  ];

  return (
    <ListWithDetailPage
      area="eutes"
      testPrefix="eute"
      state={state}
      shown={shown}
      canWrite={canWrite}
      columns={columns}
      nameOf={(eute) => eute.name}
      rowAttributes={(eute) => ({ 'data-name': eute.name })}
      titleActions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="eute-add">
          {t('admin.eutes.add')}
        </Button>
      }
      detail={(eute) => (
        <>
          <EuteFacts eute={eute} />
          <EuteLeadTime key={`${eute.id}:${eute.leadTimeDays}`} eute={eute} canWrite={canWrite} />
          <OrganisationTimeZone
            key={`timezone:${eute.id}:${eute.timeZone}`}
            kind="eute"
            organisation={eute}
            name={eute.name}
            canWrite={canWrite}
          />
          <EuteReminders key={`reminders:${eute.id}`} eute={eute} canWrite={canWrite} />
          <EuteVigilance
            key={`vigilance:${eute.id}:${eute.vigilanceNotificationHours}:${eute.vigilanceConfirmationDays}:${eute.competentAuthorityEmail ?? ''}`}
            eute={eute}
            canWrite={canWrite}
          />
          <EuteApiKeys key={eute.id} euteId={eute.id} canWrite={canWrite} />
          <OrganisationSso
            key={`sso:${eute.id}`}
            kind="eute"
            organisationId={eute.id}
            name={eute.name}
            canWrite={canWrite}
          />
          <OrganisationSystemClients
            key={`system-clients:${eute.id}`}
            kind="eute"
            organisationId={eute.id}
            name={eute.name}
            canWrite={canWrite}
          />
        </>
      )}
      detailActions={(eute) => (
        <>
          <EditButton onClick={() => setEditing(true)} testId="eute-edit" label={t('common.edit')} />
          <ActiveToggleButton
            item={eute}
            area="eutes"
            testPrefix="eute"
            nameOf={(bank) => bank.name}
            setActive={setEuteActive}
            detailKey={adminKeys.eute}
          />
        </>
      )}
    >
      <EuteAddModal opened={adding} onClose={() => setAdding(false)} onSaved={(saved) => state.select(saved.id)} />
      <FormModal
        opened={editing && state.selected !== undefined}
        onClose={() => setEditing(false)}
        title={t('admin.eutes.editTitle')}
      >
        {state.selected && <EuteForm eute={state.selected} onDone={() => setEditing(false)} />}
      </FormModal>
    </ListWithDetailPage>
  );
}

function EuteFacts({ eute }: { eute: Eute }) {
  const { t } = useTranslation();
  const lines = addressLines(eute);
  return (
    <>
      <dl className={classes.fields}>
        <dt>{t('admin.eutes.fields.euteNumber')}</dt>
        <dd>{eute.euteNumber || '–'}</dd>
        <dt>{t('admin.eutes.address')}</dt>
        <dd data-testid="eute-detail-address">
          {lines.length > 0
            ? lines.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))
            : '–'}
        </dd>
        <dt>{t('admin.eutes.fields.email')}</dt>
        <dd>{eute.email ? <Anchor href={`mailto:${eute.email}`}>{eute.email}</Anchor> : '–'}</dd>
        <dt>{t('admin.eutes.fields.phone')}</dt>
        <dd>{eute.phone || '–'}</dd>
      </dl>
      <Title order={3} size="h6">
        {t('admin.members')}
      </Title>
      {eute.euteDetail ? <MembersList users={eute.euteDetail.users} /> : <PageLoader />}
    </>
  );
}
