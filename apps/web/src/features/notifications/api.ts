import type { MarkNotificationsReadResponse, NotificationPage } from '@graftmatch/domain';
import { call } from '../../api/call';

export function getNotifications(query: {
  unread?: boolean;
  limit: number;
  offset: number;
}): Promise<NotificationPage> {
  return call('GET /notifications', {
    query: { unread: query.unread || undefined, limit: query.limit, offset: query.offset },
  });
}

/** Marks the given notifications of the caller read, or all of them. */
export function markNotificationsRead(body: { ids: string[] } | { all: true }): Promise<MarkNotificationsReadResponse> {
  return call('POST /notifications/read', { body });
}
