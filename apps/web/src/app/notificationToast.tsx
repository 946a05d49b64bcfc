import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Notification } from '@graftmatch/domain';
import { notificationText } from '../features/notifications/notificationText';
import { i18n } from '../i18n';

/**
 * What asks the reader to act soon: for a physician, the bank's answers to a request (a
 * reservation runs out, a delivery waits to be recorded); for a bank, a new request and a
 * physician's confirmation (the graft must be assigned and shipped); for both, every vigilance
 * step (a legal clock runs) and reminders. The rest only counts on the bell; a match and the
 * admin's test alert have alerts of their own (matchAlert.tsx, the test alert dialog).
 */
const TOASTED_REQUEST_STATES = new Set(['requested', 'reserved', 'confirmed', 'declined', 'delivered']);
export const isToasted = (notification: Pick<Notification, 'kind' | 'payload'>): boolean =>
  notification.kind === 'reminder' ||
  notification.kind === 'vigilance' ||
  (notification.kind === 'request' && TOASTED_REQUEST_STATES.has(String(notification.payload.state)));

/**
 * A new notification as a toast that stays until closed (a reservation asks for an answer), with
 * a link to its object. The toast lives outside the router, so the link navigates through the
 * given function. It is also in the notification centre, so closing it loses nothing.
 */
export function showNotificationToast(notification: Notification, navigate: (path: string) => void): void {
  if (!isToasted(notification)) {
    return;
  }
  const id = `notification-${notification.id}`;
  const { link } = notification;
  notifications.show({
    id,
    color: 'cyan.9',
    title: i18n.t('notifications.toastTitle'),
    autoClose: false,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    message: (
      <Stack gap={4} data-testid="notification-toast">
        <Text size="sm">{notificationText(i18n.t, notification)}</Text>
        {link && (
          <Anchor
            href={link}
            size="sm"
            fw={600}
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              navigate(link);
            }}
            data-testid="notification-toast-open"
          >
            {i18n.t('notifications.open')}
          </Anchor>
        )}
      </Stack>
    ),
  });
}
