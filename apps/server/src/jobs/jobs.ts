import { CHECKPOINT_INTERVAL_MS, writeCheckpointIfDue, type AuditChainDeps } from '../modules/audit/audit.checkpoints';
import { lapseOverdueReservations, LAPSE_INTERVAL_MS } from '../modules/requests/requests.lapse';
import { sweepOutbox } from '../mail/outbox-retention';
import { deleteExpiredNotifications } from '../modules/notifications/notifications.service';
import type { RequestsDeps } from '../modules/requests/requests.service';
import {
  adminReminders,
  ADMIN_REMINDER_JOB,
  deliveryReminders,
  expiryReminders,
  requestReminders,
  waitingListReminders,
} from '../modules/reminders/reminders.service';
import { sendDueDigests } from '../modules/alerts/digest';
import { vigilanceReminders } from '../modules/vigilance/vigilance.reminders';
import { followUpReminders } from '../modules/followups/followups.reminders';
import { sendDueHeartbeats } from '../modules/fhirsubscriptions/subscriptions.heartbeat';
import type { Job } from './scheduler';

// Every time-driven task of the server, by name (docs/operations.md "Jobs" lists them with what
// they send). The server runs them on their schedule; `graftmatch jobs run NAME` runs one now.

const MINUTE_MS = 60_000;

export interface JobOptions {
  auditChain: AuditChainDeps;
  requestLapseIntervalMs?: number;
  auditCheckpointIntervalMs?: number;
  /** Days a sent mail stays in the outbox (MAIL_RETENTION_DAYS). */
  mailRetentionDays: number;
}

export function createJobs(deps: RequestsDeps, options: JobOptions): Job[] {
  // With no checkpoint yet, the minutes of the time rule count from this process's start.
  const startedAt = options.auditChain.now();
  return [
    {
      name: 'request-lapse',
      description: 'Lapses reservations past their deadline and alerts the entries their grafts fit again.',
      everyMs: options.requestLapseIntervalMs ?? LAPSE_INTERVAL_MS,
      run: () => lapseOverdueReservations(deps),
    },
    {
      name: 'request-reminders',
      description: 'Reminds banks of unanswered requests and lapsing reservations, physicians of deadlines.',
      everyMs: 5 * MINUTE_MS,
      run: () => requestReminders(deps),
    },
    {
      name: 'expiry-reminders',
      description: 'Reminds banks of free grafts nearing expiry, with the open entries each fits.',
      everyMs: 60 * MINUTE_MS,
      run: () => expiryReminders(deps),
    },
    {
      name: 'delivery-reminders',
      description: 'Reminds physicians of delivered grafts with no implantation or return recorded.',
      everyMs: 60 * MINUTE_MS,
      run: () => deliveryReminders(deps),
    },
    {
      name: 'waiting-list-reminders',
      description: 'Reminds physicians of open entries whose implant window has passed.',
      everyMs: 60 * MINUTE_MS,
      run: () => waitingListReminders(deps),
    },
    {
      name: 'vigilance-reminders',
      description:
        'Reminds banks and reporters of vigilance notifications and confirmations due within 2 h or overdue.',
      everyMs: 5 * MINUTE_MS,
      run: () => vigilanceReminders(deps),
    },
    {
      name: 'followup-reminders',
      description:
        'Reminds physicians of follow-ups whose window opened, and once more when overdue, on the clinic’s day.',
      everyMs: 60 * MINUTE_MS,
      run: () => followUpReminders(deps),
    },
    {
      name: 'alert-digests',
      description: "Mails each user's daily digest of the alerts they chose to receive so, from their chosen hour.",
      everyMs: 5 * MINUTE_MS,
      run: () => sendDueDigests(deps),
    },
    {
      name: 'fhir-heartbeats',
      description:
        'Sends a heartbeat to FHIR subscriptions that asked for one and were sent nothing within its period.',
      everyMs: MINUTE_MS,
      run: () => sendDueHeartbeats(deps),
    },
    {
      name: 'audit-checkpoint',
      description: 'Signs a checkpoint of the audit chain when enough rows or minutes have passed.',
      everyMs: options.auditCheckpointIntervalMs ?? CHECKPOINT_INTERVAL_MS,
      run: () => writeCheckpointIfDue(options.auditChain, startedAt),
    },
    {
      name: 'notification-sweep',
      description: 'Deletes notifications older than 90 days (never audit rows).',
      everyMs: 60 * MINUTE_MS,
      run: () => deleteExpiredNotifications(deps),
    },
    {
      name: 'outbox-sweep',
      description: 'Fails PIN and link mails that expired unsent; deletes sent mails older than MAIL_RETENTION_DAYS.',
      everyMs: 60 * MINUTE_MS,
      run: () => sweepOutbox({ db: deps.db, now: deps.now, retentionDays: options.mailRetentionDays }),
    },
    {
      name: ADMIN_REMINDER_JOB,
      description: 'Reminds admins of banks without imports and of mails failing for an hour.',
      everyMs: 15 * MINUTE_MS,
      run: () => adminReminders(deps),
    },
  ];
}
