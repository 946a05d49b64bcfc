import type { UpdateVigilanceReportRequest, VigilanceReport } from '@graftmatch/domain';
import { badRequest, conflict } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { changeReport } from './vigilance.change';
import type { VigilanceDeps } from './vigilance.deps';
import { reportToWire } from './vigilance.mapper';
import { vigilanceChanged } from './vigilance.notify';
import { requireBank, requireWriter, sideOf } from './vigilance.policy';
import * as repo from './vigilance.repository';

/**
 * `PATCH /vigilance/reports/{id}`: part A while a draft (the report's clinic or bank), part B once
 * notified (the bank). The fields the graft filled in are not in the body's schema.
 */
export async function updateReport(
  deps: VigilanceDeps,
  actor: Actor,
  id: string,
  body: UpdateVigilanceReportRequest,
): Promise<VigilanceReport> {
  const found = await repo.findReport(deps.db, id);
  const side = requireWriter(sideOf(actor.principal, found));
  const row = found!;
  const kind = row.kind;
  const [first, second] =
    kind === 'SAR' ? ['saeNotification', 'saeConfirmation'] : ['sarNotification', 'sarConfirmation'];
  if (first in body || second in body) {
    throw badRequest({ key: 'problem.vigilance.wrongParts', params: { kind, first, second } });
  }
  const partA = kind === 'SAR' ? body.sarNotification : body.saeNotification;
  const partB = kind === 'SAR' ? body.sarConfirmation : body.saeConfirmation;
  if (partA && row.state !== 'draft') {
    throw conflict({ key: 'problem.vigilance.partASubmitted' });
  }
  if (partB) {
    requireBank(side, 'bankConfirmation');
    if (row.state !== 'notified') {
      throw conflict({
        key: row.state === 'draft' ? 'problem.vigilance.partAFirst' : 'problem.vigilance.partBSubmitted',
      });
    }
  }
  const now = deps.now();
  const notification = { ...(JSON.parse(row.notification) as object), ...partA };
  const confirmation = { ...(JSON.parse(row.confirmation) as object), ...partB };
  const wire = await deps.db.transaction().execute(async (trx) => {
    await changeReport(trx, row, {
      notification: JSON.stringify(notification),
      confirmation: JSON.stringify(confirmation),
      updatedAt: now.toISOString(),
    });
    const after = reportToWire((await repo.findReport(trx, id))!);
    await recordAudit(trx, {
      actorUserId: actor.principal!.userId,
      action: 'vigilance.update',
      targetType: 'vigilanceReport',
      targetId: id,
      before: { notification: JSON.parse(row.notification), confirmation: JSON.parse(row.confirmation) },
      after: { notification, confirmation },
      ip: actor.ip,
      at: now,
    });
    return after;
  });
  deps.push.publish(vigilanceChanged(wire, row.euteId, row.clinicId));
  return wire;
}
