import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob } from '../../plugins/periodic-job';
import { deleteExpiredNotifications, type NotificationsDeps } from './notifications.service';

/** Notifications are kept 90 days; the sweep looks once an hour (and at start-up). */
export const NOTIFICATION_SWEEP_INTERVAL_MS = 3_600_000;

/** Deletes expired notifications when the server is ready and then every `intervalMs`. */
export function registerNotificationSweep(
  app: FastifyInstance,
  deps: NotificationsDeps,
  intervalMs = NOTIFICATION_SWEEP_INTERVAL_MS,
): void {
  registerPeriodicJob(
    app,
    () => deleteExpiredNotifications(deps),
    intervalMs,
    'notification sweep failed; it runs again at the next tick',
  );
}
