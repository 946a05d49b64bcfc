import { fullName, webPaths, type RequestAction, type RequestState } from '@graftmatch/domain';
import { graftRequestedMail } from '../../mail/templates/graft-requested';
import { requestStepMail, type MailedRequestStep } from '../../mail/templates/request-step';
import type { PushEnvelope } from '../../realtime/push-audience';
import type { Executor } from '../../db/executor';
import type { Notified } from '../notifications/notifications.service';
import { sendAlert, type Alert, type AlertDeps, type AlertRecipient } from '../alerts/alerts.deliver';
import { notifySubscribers } from '../fhirsubscriptions/subscriptions.events';
import type { GraftEventTrigger } from '../fhirsubscriptions/subscriptions.topics';
import { receiptAlert, requestStepAlert } from './requests.alerts';
import * as repo from './requests.repository';

/** `requestChanged`: the requesting clinic's physicians, the graft's bank, and auditors. */
export function requestChanged(request: {
  id: string;
  lot: string;
  state: RequestState;
  clinicId: string;
  euteId: string;
}): PushEnvelope {
  return {
    message: { event: 'requestChanged', args: [{ id: request.id, lot: request.lot, state: request.state }] },
    audience: { clinicIds: [request.clinicId], euteIds: [request.euteId], auditors: true },
  };
}

/** Whom a request's alert goes to: the requesting physician (while active) or the bank's active employees. */
async function recipientsOf(
  trx: Executor,
  row: repo.RequestDetails,
  to: 'physician' | 'bank',
): Promise<AlertRecipient[]> {
  if (to === 'physician') {
    return row.requesterActive === 1
      ? [{ userId: row.requesterUserId, email: row.requesterEmail, language: row.requesterLanguage }]
      : [];
  }
  const employees = await repo.bankEmployees(trx, row.euteId);
  return employees.map((employee) => ({ userId: employee.id, email: employee.email, language: employee.language }));
}

const MAILED_STEPS: Partial<Record<RequestState, MailedRequestStep>> = {
  reserved: 'reserved',
  declined: 'declined',
  delivered: 'delivered',
};

/** What a request notification says: the request, its lot and new state, and the deadline or reason. */
const payloadOf = (row: repo.RequestDetails) => ({
  id: row.id,
  lot: row.eLot,
  state: row.state,
  deadline: row.deadline,
  reason: row.reason,
  bank: row.euteName,
  clinic: row.cName,
});

/** The mail a step sends at once where it has its own (a new request, a reservation, a decline, a delivery). */
function stepMail(row: repo.RequestDetails, action: RequestAction | 'create' | 'receive'): Alert['mail'] {
  if (action === 'create') {
    return (language, link) =>
      graftRequestedMail(language, {
        lot: row.eLot,
        clinic: row.cName,
        physician: fullName({
          title: row.requesterTitle,
          firstName: row.requesterFirstName,
          lastName: row.requesterLastName,
        }),
        note: row.note,
        link,
      });
  }
  const step = MAILED_STEPS[row.state];
  if (!step || !['reserve', 'decline', 'deliver'].includes(action)) {
    return undefined;
  }
  return (language, link) =>
    requestStepMail(language, {
      step,
      lot: row.eLot,
      bank: row.euteName,
      deadline: row.deadline,
      timeZone: row.clinicTimeZone,
      reason: row.reason,
      link,
    });
}

/** The steps that are events of a FHIR subscription topic (docs/fhir.md "Subscriptions"). */
const GRAFT_EVENTS: Partial<Record<RequestAction | 'create' | 'receive', GraftEventTrigger>> = {
  create: 'requested',
  assign: 'assigned',
  deliver: 'delivered',
  implant: 'implanted',
  return: 'returned',
};

/**
 * In the step's transaction: whom a request's new state concerns is alerted (docs/api.md
 * "Alerts"). The bank's steps and the lapse concern the requesting physician; a new request, the
 * physician's steps and a receipt concern the bank's employees. Each hears of it through the
 * channels they chose. The organisations' systems subscribed to the step hear of it too.
 */
export async function tellOfRequestState(
  trx: Executor,
  deps: AlertDeps,
  row: repo.RequestDetails,
  action: RequestAction | 'create' | 'receive',
  at: Date,
): Promise<Notified> {
  const trigger = GRAFT_EVENTS[action];
  if (trigger) {
    await notifySubscribers(trx, deps.mailer, {
      trigger,
      graftId: row.graftId,
      euteId: row.euteId,
      clinicId: row.clinicId,
      at,
    });
  }
  const alert = action === 'receive' ? receiptAlert(row) : requestStepAlert(row, action);
  if (!alert) {
    return [];
  }
  return sendAlert(trx, deps, await recipientsOf(trx, row, alert.to), {
    event: alert.event,
    kind: 'request',
    payload: payloadOf(row),
    path: alert.to === 'bank' ? webPaths.euteRequests : webPaths.clinicRequests,
    object: row.id,
    words: alert.words,
    mail: stepMail(row, action),
    at,
  });
}
