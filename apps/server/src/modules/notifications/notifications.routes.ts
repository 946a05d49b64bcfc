import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NOTIFICATION_PAGE_SIZE,
  NotificationListQuery,
  NotificationPage,
} from '@graftmatch/domain';
import { pageOf } from '../../http/paging';
import { errors } from '../../http/request-kit';
import { markNotificationsRead, readNotifications, type NotificationsDeps } from './notifications.service';

/** The caller's notification centre, under /api/notifications (docs/api.md "Notifications"). */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ deps: NotificationsDeps }> = async (app, { deps }) => {
  // '' rather than '/': the list is /api/notifications itself, without a second route at .../notifications/.
  app.get(
    '',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'List the own notifications',
        tags: ['notifications'],
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, ...errors },
      },
    },
    async (request) =>
      readNotifications(
        deps,
        request.principal,
        request.query.unread === true,
        pageOf(request.query, NOTIFICATION_PAGE_SIZE),
      ),
  );

  app.post(
    '/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark notifications as read',
        tags: ['notifications'],
        body: MarkNotificationsReadRequest,
        response: { 200: MarkNotificationsReadResponse, ...errors },
      },
    },
    async (request) => markNotificationsRead(deps, request.principal, request.body),
  );
};
