import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { fullName, type User } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { endUserSessions } from './api';
import { confirmAction } from '../../components/confirmAction';
import { DestructiveButton } from '../../components/DestructiveButton';

/** Logs a user out on every device (a lost phone, a shared PC) without deactivating the account. */
export function EndSessionsButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const end = useMutation({
    mutationFn: () => endUserSessions(user.id),
    onSuccess: () => notify('success', t('admin.users.sessionsEnded', { name: fullName(user) })),
  });
  const confirm = () =>
    confirmAction({
      title: t('admin.users.endSessionsTitle'),
      text: t('admin.users.endSessionsText', { name: fullName(user) }),
      confirm: t('admin.users.endSessions'),
      color: 'red',
      testId: 'confirm-end-sessions',
      onConfirm: () => end.mutate(),
    });
  return (
    <DestructiveButton
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={confirm}
      loading={end.isPending}
      data-testid="user-end-sessions"
    >
      {t('admin.users.endSessions')}
    </DestructiveButton>
  );
}
