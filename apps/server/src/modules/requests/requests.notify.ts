import type { RequestState } from '@graftmatch/domain';
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

/** Mails the bank's employees of a new request; best effort, the request has committed. */
export async function mailBankOfRequest(
  deps: {
    db: Executor;
    mailer: Mailer;
    publicUrl: string;
    log: { error(d: Record<string, unknown>, m: string): void };
  },
  request: { euteId: string; lot: string; clinic: string; physician: string; note: string | null },
): Promise<void> {
  const employees = await repo.bankEmployees(deps.db, request.euteId);
  const link = `${deps.publicUrl}/home/eute/requests`;
  await Promise.all(
    employees.map(async (employee) => {
      try {
        await deps.mailer.send({ to: employee.email, ...graftRequestedMail(employee.language, { ...request, link }) });
      } catch (error) {
        deps.log.error({ err: error, lot: request.lot }, 'request mail could not be sent');
      }
    }),
  );
}
