import { webPaths, type RequestAction, type RequestState } from '@graftmatch/domain';
import type { Mailer } from '../../mail/mailer';
import { graftRequestedMail } from '../../mail/templates/graft-requested';
import { requestStepMail, type MailedRequestStep } from '../../mail/templates/request-step';
import type { PushEnvelope } from '../../realtime/push-audience';
import type { Executor } from '../../db/executor';
import { notify, type Notified } from '../notifications/notifications.service';
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

/** Queues a mail to each of the bank's employees of a new request, in the request's transaction. */
export async function mailBankOfRequest(
  trx: Executor,
  deps: { mailer: Mailer; publicUrl: string },
  request: { euteId: string; lot: string; clinic: string; physician: string; note: string | null },
): Promise<void> {
  const employees = await repo.bankEmployees(trx, request.euteId);
  const link = `${deps.publicUrl}${webPaths.euteRequests}`;
  for (const employee of employees) {
    const content = graftRequestedMail(employee.language, { ...request, link });
    await deps.mailer.enqueue(trx, { kind: 'request', to: employee.email, ...content });
  }
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

/**
 * In the step's transaction: whom a request's new state concerns hears of it. The bank's steps
 * and the lapse concern the requesting physician, who is also mailed of a reservation, a decline
 * and a delivery (naming the lot and the deadline); the physician's steps and a new request
 * concern the bank's employees (a new request is mailed to them by `mailBankOfRequest`).
 */
export async function tellOfRequestState(
  trx: Executor,
  deps: { mailer: Mailer; publicUrl: string },
  row: repo.RequestDetails,
  action: RequestAction | 'create',
  at: Date,
): Promise<Notified> {
  const toPhysician = ['reserve', 'decline', 'assign', 'deliver', 'lapse'].includes(action);
  if (!toPhysician) {
    const employees = await repo.bankEmployees(trx, row.euteId);
    return notify(
      trx,
      employees.map((employee) => employee.id),
      { kind: 'request', link: webPaths.euteRequests, payload: payloadOf(row), at },
    );
  }
  if (row.requesterActive !== 1) {
    return [];
  }
  const step = MAILED_STEPS[row.state];
  if (step) {
    const link = `${deps.publicUrl}${webPaths.clinicRequests}`;
    const content = requestStepMail(row.requesterLanguage, {
      step,
      lot: row.eLot,
      bank: row.euteName,
      deadline: row.deadline,
      timeZone: row.clinicTimeZone,
      reason: row.reason,
      link,
    });
    await deps.mailer.enqueue(trx, { kind: 'request', to: row.requesterEmail, ...content });
  }
  return notify(trx, [row.requesterUserId], {
    kind: 'request',
    link: webPaths.clinicRequests,
    payload: payloadOf(row),
    at,
  });
}
