import { ActionIcon, Badge } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { webPaths } from '@graftmatch/domain';
import { getNotifications } from './api';
import { notificationKeys } from './keys';

/**
 * The bell in the header: a link to the notification centre with the number of unread ones, in
 * its name for screen readers and as a badge. Push events re-count it (usePush).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: async () => (await getNotifications({ unread: true, limit: 1, offset: 0 })).unread,
  });
  const count = unread.data ?? 0;
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell');
  return (
    <ActionIcon
      component={Link}
      to={webPaths.notifications}
      variant="subtle"
      size="lg"
      aria-label={label}
      pos="relative"
      style={{ overflow: 'visible' }}
      data-testid="notification-bell"
      data-count={count}
    >
      <IconBell aria-hidden />
      {count > 0 && (
        // The count is in the link's name already; the badge is for the eye.
        <Badge
          aria-hidden
          size="xs"
          circle={count < 10}
          color="red.9"
          pos="absolute"
          top={-2}
          right={-4}
          px={count < 10 ? 0 : 4}
          data-testid="notification-count"
        >
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </ActionIcon>
  );
}
