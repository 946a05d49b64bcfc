/** Query keys of the notification centre; `all` covers the bell's count and every page. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  page: (unreadOnly: boolean, page: number) => ['notifications', 'page', unreadOnly, page] as const,
};
