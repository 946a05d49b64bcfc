import { webPaths, type RequestState } from '@graftmatch/domain';
import type { Mailer } from '../../mail/mailer';
import { graftRequestedMail } from '../../mail/templates/graft-requested';
import type { PushEnvelope } from '../../realtime/push-audience';
import type { Executor } from '../../db/executor';
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
