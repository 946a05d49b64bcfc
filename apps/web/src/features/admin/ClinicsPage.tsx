import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { AddClinicRequest, maxLengthOf, type Clinic } from '@graftmatch/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { ActiveToggleButton } from './ActiveToggleButton';
import { addClinic, getClinic, listClinics, listUsers, patchClinic, setClinicActive } from './api';
import { adminKeys } from './keys';
import { ListWithDetailPage, type ListColumn } from './ListWithDetailPage';
import { MembersList } from './MembersList';
import { OrganisationSso } from './OrganisationSso';
import { OrganisationSystemClients } from './OrganisationSystemClients';
import { OrganisationTimeZone } from './OrganisationTimeZone';
import { EditButton } from './shared';
import { useAdminRights } from './useAdminRights';
import { useListWithDetail } from './useListWithDetail';

/** Add (no clinic) or rename (a clinic) by name; saving reloads the lists and selects the clinic. */
function ClinicNameModal({
  clinic,
  opened,
  onClose,
  onSaved,
}: {
  clinic?: Clinic | undefined;
  opened: boolean;
  onClose: () => void;
  onSaved: (clinic: Clinic) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={clinic ? t('admin.clinics.renameTitle') : t('admin.clinics.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <ClinicNameForm clinic={clinic} onDone={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function ClinicNameForm({
  clinic,
  onDone,
  onSaved,
}: {
  clinic?: Clinic | undefined;
  onDone: () => void;
  onSaved: (clinic: Clinic) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(clinic?.c_Name ?? '');
  const [touched, setTouched] = useState(false);
  const save = useFormMutation({
    labels: { c_Name: t('admin.clinics.name') },
    mutationFn: () => (clinic ? patchClinic(clinic.id, { c_Name: name.trim() }) : addClinic({ c_Name: name.trim() })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.clinic(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify('success', t(clinic ? 'admin.clinics.renamed' : 'admin.clinics.added', { name: saved.c_Name }));
      onSaved(saved);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() !== '') {
      save.mutate();
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="clinic-form">
      <Stack>
        <FormRefusal form={save} testId="clinic-form-error" />
        <TextInput
          label={t('admin.clinics.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            save.edited('c_Name');
          }}
          error={touched && name.trim() === '' ? t('admin.required') : save.fieldError('c_Name')}
          required
          maxLength={maxLengthOf(AddClinicRequest, 'c_Name')}
          data-autofocus
          data-testid="clinic-name"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="clinic-submit">
            {clinic ? t('common.save') : t('admin.clinics.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `home/admin/clinics`: clinics by name with their number of users; detail lists the users. */
export function ClinicsPage() {
  const { t } = useTranslation();
  const { canWrite } = useAdminRights();
  const state = useListWithDetail({
    listKey: adminKeys.clinics,
    list: listClinics,
    detailKey: adminKeys.clinic,
    detail: getClinic,
  });
  const [form, setForm] = useState<'add' | 'rename' | null>(null);
  // The list has no members; the users (all of them, which the users page shares) give the counts.
  const users = useQuery({ queryKey: adminKeys.users('all'), queryFn: () => listUsers('all') });
  const counts = useMemo(() => {
    const result = new Map<string, number>();
    for (const user of users.data ?? []) {
      for (const clinic of user.clinics) {
        result.set(clinic.id, (result.get(clinic.id) ?? 0) + 1);
      }
    }
    return result;
  }, [users.data]);
  const needle = state.text.trim().toLowerCase();
  const shown = (state.list.data ?? []).filter((clinic) => clinic.c_Name.toLowerCase().includes(needle));
  const columns: ListColumn<Clinic>[] = [
    {
      key: 'name',
      header: t('admin.clinics.name'),
      cell: (clinic) => (
        <Text fw={600} size="sm">
          {clinic.c_Name}
        </Text>
      ),
    },
    {
      key: 'users',
      header: t('admin.clinics.users'),
      cell: (clinic) => (users.data ? t('admin.memberCount', { count: counts.get(clinic.id) ?? 0 }) : '…'),
    },
  ];

  return (
    <ListWithDetailPage
      area="clinics"
      testPrefix="clinic"
      state={state}
      shown={shown}
      canWrite={canWrite}
      columns={columns}
      nameOf={clinicName}
      rowAttributes={(clinic) => ({ 'data-name': clinic.c_Name })}
      titleActions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setForm('add')}
          data-testid="clinic-add"
        >
          {t('admin.clinics.add')}
        </Button>
      }
      detail={(clinic) => (
        <>
          <OrganisationTimeZone
            key={`timezone:${clinic.id}:${clinic.timeZone}`}
            kind="clinic"
            organisation={clinic}
            name={clinic.c_Name}
            canWrite={canWrite}
          />
          <OrganisationSso
            key={`sso:${clinic.id}`}
            kind="clinic"
            organisationId={clinic.id}
            name={clinic.c_Name}
            canWrite={canWrite}
          />
          <OrganisationSystemClients
            key={`system-clients:${clinic.id}`}
            kind="clinic"
            organisationId={clinic.id}
            name={clinic.c_Name}
            canWrite={canWrite}
          />
          <Title order={3} size="h6">
            {t('admin.members')}
          </Title>
          {clinic.clinicDetail ? <MembersList users={clinic.clinicDetail.users} /> : <PageLoader />}
        </>
      )}
      detailActions={(clinic) => (
        <>
          <EditButton onClick={() => setForm('rename')} testId="clinic-rename" label={t('admin.clinics.rename')} />
          <ActiveToggleButton
            item={clinic}
            area="clinics"
            testPrefix="clinic"
            nameOf={clinicName}
            setActive={setClinicActive}
            detailKey={adminKeys.clinic}
          />
        </>
      )}
    >
      <ClinicNameModal
        opened={form !== null}
        onClose={() => setForm(null)}
        clinic={form === 'rename' ? state.selected : undefined}
        onSaved={(saved) => state.select(saved.id)}
      />
    </ListWithDetailPage>
  );
}

const clinicName = (clinic: Clinic) => clinic.c_Name;
