import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { fullName, type User } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { endUserSessions } from './api';

/** Logs a user out on every device (a lost phone, a shared PC) without deactivating the account. */
export function EndSessionsButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const end = useMutation({
    mutationFn: () => endUserSessions(user.id),
    onSuccess: () => notify('success', t('admin.users.sessionsEnded', { name: fullName(user) })),
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: t('admin.users.endSessionsTitle'),
      children: <Text size="sm">{t('admin.users.endSessionsText', { name: fullName(user) })}</Text>,
      labels: { confirm: t('admin.users.endSessions'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-sessions' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => end.mutate(),
    });
  return (
    <Button
      variant="outline"
      color="red"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={confirm}
      loading={end.isPending}
      data-testid="user-end-sessions"
    >
      {t('admin.users.endSessions')}
    </Button>
  );
}
