import { useMemo, useState } from 'react';
import { Badge, Button, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { fullName, type User } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { EmailBreak } from '../../components/EmailBreak';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { getUser, listUsers, setUserActive } from './api';
import { adminKeys } from './keys';
import { useListWithDetail } from './useListWithDetail';
import { ListFilters, ListStatus, SelectableRow } from './ListParts';
import { ActiveBadge, confirmActiveChange, notifyWriteError, ReadOnlyNote } from './shared';
import { EndSessionsButton } from './EndSessionsButton';
import { TestAlertButton } from './TestAlertButton';
import { useAdminRights } from './useAdminRights';
import { UserFormModal } from './UserFormModal';
import classes from './admin.module.css';

/** Does the user match the typed filter (name, e-mail, clinics, tissue banks; case-insensitive)? */
export function matchesUser(user: User, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') {
    return true;
  }
  const haystack = [fullName(user), user.email, ...user.clinics.map((c) => c.c_Name), ...user.eutes.map((e) => e.name)]
    .join('\n')
    .toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
}

function Roles({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {user.admin && (
        <Badge size="sm" color="grape.9" variant="light">
          {t('admin.users.adminFlag')}
        </Badge>
      )}
      {user.audit && (
        <Badge size="sm" color="indigo.9" variant="light">
          {t('admin.users.auditFlag')}
        </Badge>
      )}
    </Group>
  );
}

function Memberships({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('admin.users.fields.clinics')}:{' '}
        </Text>
        {user.clinics.map((c) => c.c_Name).join(', ') || t('admin.users.none')}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('admin.users.fields.eutes')}:{' '}
        </Text>
        {user.eutes.map((e) => e.name).join(', ') || t('admin.users.none')}
      </Text>
    </Stack>
  );
}

/** `home/admin/users`: everyone with an account, by last name (spec §3); admins change them, auditors read. */
export function UsersPage() {
  const { t } = useTranslation();
  const { canWrite } = useAdminRights();
  const queryClient = useQueryClient();
  const { status, setStatus, text, setText, selectedId, select, list, detail, selected } = useListWithDetail({
    listKey: adminKeys.users,
    list: listUsers,
    detailKey: adminKeys.user,
    detail: getUser,
  });
  const [form, setForm] = useState<'add' | 'edit' | null>(null);
  const shown = useMemo(() => (list.data ?? []).filter((user) => matchesUser(user, text)), [list.data, text]);

  const toggle = useMutation({
    mutationFn: (user: User) => setUserActive(user.id, !user.active),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.user(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify(
        'success',
        t(saved.active ? 'admin.users.activated' : 'admin.users.deactivated', { name: fullName(saved) }),
      );
    },
    onError: notifyWriteError,
  });
  const confirmToggle = (user: User) =>
    confirmActiveChange({
      activate: !user.active,
      title: t(user.active ? 'admin.users.deactivateTitle' : 'admin.users.activateTitle'),
      text: t(user.active ? 'admin.users.deactivateText' : 'admin.users.activateText', { name: fullName(user) }),
      onConfirm: () => toggle.mutate(user),
    });

  return (
    <>
      <PageTitle title={t('admin.users.title')}>
        {canWrite && (
          <Group gap="sm">
            <TestAlertButton />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setForm('add')}
              data-testid="user-add"
            >
              {t('admin.users.add')}
            </Button>
          </Group>
        )}
      </PageTitle>
      {!canWrite && <ReadOnlyNote />}
      <ListFilters
        text={text}
        onText={setText}
        status={status}
        onStatus={setStatus}
        testPrefix="user"
        placeholder={t('admin.users.filterPlaceholder')}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ListStatus
            list={list}
            shown={shown.length}
            empty={t('admin.users.empty')}
            emptyHint={t('admin.users.emptyHint')}
            emptyTestId="users-empty"
          />
          {shown.length > 0 && (
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover verticalSpacing="xs" data-testid="user-table">
                <Table.Caption>{t('admin.users.count', { count: shown.length })}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.users.name')}</Table.Th>
                    <Table.Th>{t('admin.users.roles')}</Table.Th>
                    <Table.Th>{t('admin.users.memberships')}</Table.Th>
                    <Table.Th>{t('admin.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((user) => (
                    <SelectableRow
                      key={user.id}
                      selected={user.id === selectedId}
                      onSelect={() => select(user.id)}
                      label={t('admin.users.select', { name: fullName(user) })}
                      testId="user-row"
                      dataAttributes={{ 'data-email': user.email }}
                      first={
                        <>
                          <Text fw={600} size="sm">
                            {fullName(user)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            <EmailBreak email={user.email} />
                          </Text>
                        </>
                      }
                    >
                      <Table.Td>
                        <Roles user={user} />
                      </Table.Td>
                      <Table.Td>
                        <Memberships user={user} />
                      </Table.Td>
                      <Table.Td>
                        <ActiveBadge active={user.active} />
                      </Table.Td>
                    </SelectableRow>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md" radius="md" className={classes.detail} data-testid="user-detail" aria-live="polite">
            {selectedId === null && <Text c="dimmed">{t('admin.noneSelected')}</Text>}
            {selectedId !== null && detail.isPending && <PageLoader />}
            {selectedId !== null && detail.isError && !selected && (
              <ErrorAlert
                error={
                  detail.error instanceof ApiError && detail.error.status === 404
                    ? new Error(t('admin.users.notFound'))
                    : detail.error
                }
              />
            )}
            {selected && (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h4" data-testid="user-detail-name">
                    {fullName(selected)}
                  </Title>
                  <ActiveBadge active={selected.active} />
                </Group>
                <dl className={classes.fields}>
                  <dt>{t('admin.users.fields.email')}</dt>
                  <dd data-testid="user-detail-email">{selected.email}</dd>
                  <dt>{t('admin.users.fields.phone')}</dt>
                  <dd data-testid="user-detail-phone">{selected.phone || '–'}</dd>
                  <dt>{t('admin.users.fields.twoFactorTarget')}</dt>
                  <dd>{selected.twoFactorTarget}</dd>
                  <dt>{t('admin.users.fields.language')}</dt>
                  <dd>
                    {selected.language === 'de'
                      ? t('admin.users.fields.languageDe')
                      : t('admin.users.fields.languageEn')}
                  </dd>
                  <dt>{t('admin.users.roles')}</dt>
                  <dd>{selected.admin || selected.audit ? <Roles user={selected} /> : t('admin.users.none')}</dd>
                  <dt>{t('admin.users.fields.clinics')}</dt>
                  <dd data-testid="user-detail-clinics">
                    {selected.clinics.map((c) => c.c_Name).join(', ') || t('admin.users.none')}
                  </dd>
                  <dt>{t('admin.users.fields.eutes')}</dt>
                  <dd>{selected.eutes.map((e) => e.name).join(', ') || t('admin.users.none')}</dd>
                </dl>
                {canWrite && (
                  <Group gap="sm">
                    <Button
                      variant="light"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setForm('edit')}
                      data-testid="user-edit"
                    >
                      {t('common.edit')}
                    </Button>
                    <Button
                      variant="outline"
                      color={selected.active ? 'red' : 'teal.9'}
                      onClick={() => confirmToggle(selected)}
                      loading={toggle.isPending}
                      data-testid={selected.active ? 'user-deactivate' : 'user-activate'}
                    >
                      {selected.active ? t('admin.deactivate') : t('admin.activate')}
                    </Button>
                    {selected.active && <EndSessionsButton user={selected} />}
                  </Group>
                )}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {canWrite && (
        <UserFormModal
          opened={form !== null}
          onClose={() => setForm(null)}
          user={form === 'edit' ? selected : undefined}
          onSaved={(saved) => select(saved.id)}
        />
      )}
    </>
  );
}
