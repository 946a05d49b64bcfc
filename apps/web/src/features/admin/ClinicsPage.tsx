import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { Clinic } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorMessage } from '../../app/errorMessage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { addClinic, getClinic, listClinics, listUsers, patchClinic, setClinicActive } from './api';
import { adminKeys } from './keys';
import { useListWithDetail } from './useListWithDetail';
import { MembersList } from './MembersList';
import { ListFilters, ListStatus, SelectableRow } from './ListParts';
import { ActiveBadge, confirmActiveChange, notifyWriteError, ReadOnlyNote } from './shared';
import { useAdminRights } from './useAdminRights';
import classes from './admin.module.css';

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
  const save = useMutation({
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
        {save.error && (
          <Alert
            color="red"
            role="alert"
            title={
              save.error instanceof ApiError && save.error.status === 409 ? t('admin.conflict') : t('errors.title')
            }
            data-testid="clinic-form-error"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <TextInput
          label={t('admin.clinics.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={touched && name.trim() === '' ? t('admin.required') : undefined}
          required
          maxLength={200}
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
  const queryClient = useQueryClient();
  const { status, setStatus, text, setText, selectedId, select, list, detail, selected } = useListWithDetail({
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
  const shown = (list.data ?? []).filter((clinic) => clinic.c_Name.toLowerCase().includes(text.trim().toLowerCase()));

  const toggle = useMutation({
    mutationFn: (clinic: Clinic) => setClinicActive(clinic.id, !clinic.active),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.clinic(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify(
        'success',
        t(saved.active ? 'admin.clinics.activated' : 'admin.clinics.deactivated', { name: saved.c_Name }),
      );
    },
    onError: notifyWriteError,
  });
  const confirmToggle = (clinic: Clinic) =>
    confirmActiveChange({
      activate: !clinic.active,
      title: t(clinic.active ? 'admin.clinics.deactivateTitle' : 'admin.clinics.activateTitle'),
      text: t(clinic.active ? 'admin.clinics.deactivateText' : 'admin.clinics.activateText', { name: clinic.c_Name }),
      onConfirm: () => toggle.mutate(clinic),
    });

  return (
    <>
      <PageTitle title={t('admin.clinics.title')}>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setForm('add')}
            data-testid="clinic-add"
          >
            {t('admin.clinics.add')}
          </Button>
        )}
      </PageTitle>
      {!canWrite && <ReadOnlyNote />}
      <ListFilters text={text} onText={setText} status={status} onStatus={setStatus} testPrefix="clinic" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ListStatus
            list={list}
            shown={shown.length}
            empty={t('admin.clinics.empty')}
            emptyHint={t('admin.clinics.emptyHint')}
            emptyTestId="clinics-empty"
          />
          {shown.length > 0 && (
            <Table highlightOnHover verticalSpacing="xs" data-testid="clinic-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.clinics.name')}</Table.Th>
                  <Table.Th>{t('admin.clinics.users')}</Table.Th>
                  <Table.Th>{t('admin.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((clinic) => (
                  <SelectableRow
                    key={clinic.id}
                    selected={clinic.id === selectedId}
                    onSelect={() => select(clinic.id)}
                    label={t('admin.clinics.select', { name: clinic.c_Name })}
                    testId="clinic-row"
                    dataAttributes={{ 'data-name': clinic.c_Name }}
                    first={
                      <Text fw={600} size="sm">
                        {clinic.c_Name}
                      </Text>
                    }
                  >
                    <Table.Td>
                      {users.data ? t('admin.memberCount', { count: counts.get(clinic.id) ?? 0 }) : '…'}
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge active={clinic.active} />
                    </Table.Td>
                  </SelectableRow>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            withBorder
            p="md"
            radius="md"
            className={classes.detail}
            data-testid="clinic-detail"
            aria-live="polite"
          >
            {selectedId === null && <Text c="dimmed">{t('admin.noneSelected')}</Text>}
            {selectedId !== null && detail.isPending && <PageLoader />}
            {selectedId !== null && detail.isError && !selected && <ErrorAlert error={detail.error} />}
            {selected && (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h4" data-testid="clinic-detail-name">
                    {selected.c_Name}
                  </Title>
                  <ActiveBadge active={selected.active} />
                </Group>
                <Title order={3} size="h6">
                  {t('admin.members')}
                </Title>
                {selected.clinicDetail ? <MembersList users={selected.clinicDetail.users} /> : <PageLoader />}
                {canWrite && (
                  <Group gap="sm">
                    <Button
                      variant="light"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setForm('rename')}
                      data-testid="clinic-rename"
                    >
                      {t('admin.clinics.rename')}
                    </Button>
                    <Button
                      variant="outline"
                      color={selected.active ? 'red' : 'teal.9'}
                      onClick={() => confirmToggle(selected)}
                      loading={toggle.isPending}
                      data-testid={selected.active ? 'clinic-deactivate' : 'clinic-activate'}
                    >
                      {selected.active ? t('admin.deactivate') : t('admin.activate')}
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {canWrite && (
        <ClinicNameModal
          opened={form !== null}
          onClose={() => setForm(null)}
          clinic={form === 'rename' ? selected : undefined}
          onSaved={(saved) => select(saved.id)}
        />
      )}
    </>
  );
}
