import { meKey } from '../auth';

/** Query keys of the notification centre; `all` covers the bell's count and every page. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  pages: ['notifications', 'page'] as const,
  page: (unreadOnly: boolean, page: number) => ['notifications', 'page', unreadOnly, page] as const,
};

/**
 * The user's alert channels and push devices: under the user's key, so they go with the user at
 * the next login, and apart from `notificationKeys.all`, which every new notification re-fetches.
 */
export const alertKeys = {
  preferences: [...meKey, 'notification-preferences'] as const,
  devices: [...meKey, 'push-devices'] as const,
};
