import { useMemo, useState } from 'react';
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { USER_ATTENTION, fullName, webPaths, type User } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmailBreak } from '../../components/EmailBreak';
import { ActiveToggleButton } from './ActiveToggleButton';
import { getUser, listUsers, setUserActive } from './api';
import { EndSessionsButton } from './EndSessionsButton';
import { adminKeys } from './keys';
import { ListWithDetailPage, type ListColumn } from './ListWithDetailPage';
import { SignInRuleSwitch } from './SignInRuleSwitch';
import { EditButton } from './shared';
import { TestAlertButton } from './TestAlertButton';
import { useAdminRights } from './useAdminRights';
import { useListWithDetail } from './useListWithDetail';
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

/** Every role the account holds: physician of a clinic, tissue-bank employee, administrator, auditor. */
function Roles({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {user.clinics.length > 0 && (
        <Badge size="sm" color="blue.9" variant="light">
          {t('admin.users.physicianRole')}
        </Badge>
      )}
      {user.eutes.length > 0 && (
        <Badge size="sm" color="teal.9" variant="light">
          {t('admin.users.bankRole')}
        </Badge>
      )}
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
  const [params] = useSearchParams();
  const show = USER_ATTENTION.find((known) => known === params.get('show'));
  const state = useListWithDetail({
    listKey: (status) => [...adminKeys.users(status), show ?? 'all'],
    list: (status) => listUsers(status, show),
    detailKey: adminKeys.user,
    detail: getUser,
  });
  const [form, setForm] = useState<'add' | 'edit' | null>(null);
  const shown = useMemo(
    () => (state.list.data ?? []).filter((user) => matchesUser(user, state.text)),
    [state.list.data, state.text],
  );
  const columns: ListColumn<User>[] = [
    {
      key: 'name',
      header: t('admin.users.name'),
      cell: (user) => (
        <>
          <Text fw={600} size="sm">
            {fullName(user)}
          </Text>
          <Text size="xs" c="dimmed">
            <EmailBreak email={user.email} />
          </Text>
          {user.hasPasskey && (
            <Badge size="xs" color="gray.8" variant="outline" mt={4} data-testid="user-has-passkey">
              {t('passkeys.hasPasskey')}
            </Badge>
          )}
          <Box hiddenFrom="sm" mt={4}>
            <Roles user={user} />
          </Box>
        </>
      ),
    },
    { key: 'roles', header: t('admin.users.roles'), cell: (user) => <Roles user={user} />, fromSmall: true },
    {
      key: 'memberships',
      header: t('admin.users.memberships'),
      cell: (user) => <Memberships user={user} />,
      fromSmall: true,
    },
  ];

  return (
    <ListWithDetailPage
      area="users"
      testPrefix="user"
      state={state}
      shown={shown}
      canWrite={canWrite}
      columns={columns}
      nameOf={fullName}
      rowAttributes={(user) => ({ 'data-email': user.email })}
      filterPlaceholder={t('admin.users.filterPlaceholder')}
      notice={
        <>
          <SignInRuleSwitch canWrite={canWrite} />
          {show && (
            <Text size="sm" mb="sm" data-testid="users-attention">
              {t(`admin.users.only.${show}`)} <Link to={webPaths.adminUsers()}>{t('admin.users.showAll')}</Link>
            </Text>
          )}
        </>
      }
      wideList
      titleActions={
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
      }
      detail={(user) => <UserFacts user={user} />}
      detailActions={(user) => (
        <>
          <EditButton onClick={() => setForm('edit')} testId="user-edit" label={t('common.edit')} />
          <ActiveToggleButton
            item={user}
            area="users"
            testPrefix="user"
            nameOf={fullName}
            setActive={setUserActive}
            detailKey={adminKeys.user}
          />
          {user.active && <EndSessionsButton user={user} />}
        </>
      )}
    >
      <UserFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        user={form === 'edit' ? state.selected : undefined}
        onSaved={(saved) => state.select(saved.id)}
      />
    </ListWithDetailPage>
  );
}

function UserFacts({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.fields}>
      <dt>{t('admin.users.fields.email')}</dt>
      <dd data-testid="user-detail-email">{user.email}</dd>
      <dt>{t('admin.users.fields.phone')}</dt>
      <dd data-testid="user-detail-phone">{user.phone || '–'}</dd>
      <dt>{t('admin.users.fields.twoFactorTarget')}</dt>
      <dd>{user.twoFactorTarget}</dd>
      <dt>{t('admin.users.fields.language')}</dt>
      <dd>{user.language === 'de' ? t('admin.users.fields.languageDe') : t('admin.users.fields.languageEn')}</dd>
      <dt>{t('admin.users.roles')}</dt>
      <dd>
        {user.admin || user.audit || user.clinics.length + user.eutes.length > 0 ? (
          <Roles user={user} />
        ) : (
          t('admin.users.none')
        )}
      </dd>
      <dt>{t('passkeys.hasPasskey')}</dt>
      <dd data-testid="user-detail-passkey">{user.hasPasskey ? t('passkeys.yes') : t('passkeys.no')}</dd>
      <dt>{t('admin.users.fields.clinics')}</dt>
      <dd data-testid="user-detail-clinics">{user.clinics.map((c) => c.c_Name).join(', ') || t('admin.users.none')}</dd>
      <dt>{t('admin.users.fields.eutes')}</dt>
      <dd>{user.eutes.map((e) => e.name).join(', ') || t('admin.users.none')}</dd>
    </dl>
  );
}
