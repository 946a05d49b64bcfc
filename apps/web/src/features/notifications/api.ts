import type {
  AddPushSubscriptionRequest,
  MarkNotificationsReadResponse,
  NotificationPage,
  NotificationPreferences,
  PushDevice,
  PushDeviceList,
  VapidPublicKey,
} from '@graftmatch/domain';
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

export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return call('GET /me/notification-preferences');
}

/** Stores every event's channels at once; a clock-carrying event left on no channel is refused. */
export function saveNotificationPreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  return call('PUT /me/notification-preferences', { body });
}

export function getVapidPublicKey(): Promise<VapidPublicKey> {
  return call('GET /push/vapid-public-key');
}

export function listPushDevices(): Promise<PushDeviceList> {
  return call('GET /me/push-subscriptions');
}

/** Adds this browser's subscription; the same endpoint again answers the device already stored. */
export function addPushDevice(body: AddPushSubscriptionRequest): Promise<PushDevice> {
  return call('POST /me/push-subscriptions', { body });
}

export function removePushDevice(id: string): Promise<void> {
  return call('DELETE /me/push-subscriptions/{id}', { params: { id } });
}
