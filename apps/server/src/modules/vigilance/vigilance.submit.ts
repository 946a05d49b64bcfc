import {
  auditActionWords,
  decideVigilanceStep,
  localDay,
  missingVigilanceFields,
  translate,
  type VigilanceReport,
  type VigilanceStep,
} from '@graftmatch/domain';
import { badRequest, conflict, fieldError } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { renderVigilancePdf, vigilancePdfFileName } from '../../pdf/vigilance-pdf';
import { recordAudit } from '../audit/audit.service';
import { fileGeneratedDocument } from '../files/files-generated.service';
import { publishNotified } from '../notifications/notifications.service';
import { changeReport } from './vigilance.change';
import type { VigilanceDeps } from './vigilance.deps';
import { reportToWire } from './vigilance.mapper';
import { tellAuthority, tellOfReport, vigilanceChanged } from './vigilance.notify';
import { requireBank, requireWriter, sideOf } from './vigilance.policy';
import * as repo from './vigilance.repository';

// A part submitted (docs/decisions.md "Vigilance"): complete, dated, filed on the graft as a PDF,
// sent to the competent authority, and the bank told when the clinic submits.

/**
 * `POST .../submit-notification` and `.../confirm`: the part is complete, gets its date, and is
 * filed on the graft as a PDF in the annex's layout (part B's PDF holds both parts).
 */
export async function submitPart(
  deps: VigilanceDeps,
  actor: Actor,
  id: string,
  step: VigilanceStep,
): Promise<VigilanceReport> {
  const found = await repo.findReport(deps.db, id);
  const side = requireWriter(sideOf(actor.principal, found));
  if (step === 'confirm') {
    requireBank(side, 'bankConfirms');
  }
  const row = found!;
  const decision = decideVigilanceStep(row.state, step);
  if (!decision.allowed) {
    throw conflict(decision.reason);
  }
  const stage = step === 'confirm' ? 'confirmation' : 'notification';
  const now = deps.now();
  // The date the part carries is the local day of the organisation that submits it.
  const today = localDay(now, side === 'clinic' ? (row.clinicTimeZone ?? row.bankTimeZone) : row.bankTimeZone);
  const notification = JSON.parse(row.notification) as Record<string, unknown>;
  const confirmation = JSON.parse(row.confirmation) as Record<string, unknown>;
  const missing = missingVigilanceFields(row.kind, stage, stage === 'notification' ? notification : confirmation);
  if (missing.length > 0) {
    throw badRequest(
      { key: `problem.vigilance.${stage}Lacks`, params: { fields: missing.join(', ') } },
      missing.map((field) => fieldError(field, { key: 'validation.required' })),
    );
  }
  if (stage === 'notification') {
    notification.reportingDate = today;
  } else {
    confirmation.confirmationDate = today;
  }
  const userId = actor.principal!.userId;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await changeReport(trx, row, {
      state: decision.to,
      notification: JSON.stringify(notification),
      confirmation: JSON.stringify(confirmation),
      ...(stage === 'notification' ? { notifiedAt: now.toISOString() } : { confirmedAt: now.toISOString() }),
      updatedAt: now.toISOString(),
    });
    const content = await renderVigilancePdf({
      kind: row.kind,
      reference: row.reference,
      notification,
      confirmation: stage === 'confirmation' ? confirmation : null,
      generatedAt: now,
    });
    const filed = await fileGeneratedDocument(trx, deps.storage, {
      graftId: row.graftId,
      lot: row.eLot,
      kind: 'vigilanceReports',
      fileName: vigilancePdfFileName(row.kind, row.reference, stage === 'confirmation'),
      content,
      reason: translate(actor.language ?? 'en', 'requestDocument.remade', {
        action: auditActionWords(
          stage === 'notification' ? 'vigilance.notify' : 'vigilance.confirm',
          actor.language ?? 'en',
        ),
      }),
      at: now,
      actorUserId: userId,
      ip: actor.ip,
    });
    const wire = reportToWire((await repo.findReport(trx, id))!);
    await recordAudit(trx, {
      actorUserId: userId,
      action: stage === 'notification' ? 'vigilance.notify' : 'vigilance.confirm',
      targetType: 'vigilanceReport',
      targetId: id,
      before: { state: row.state },
      after: { state: wire.state, file: filed.name, [stage]: stage === 'notification' ? notification : confirmation },
      ip: actor.ip,
      at: now,
    });
    await tellAuthority(trx, deps, {
      row,
      stage,
      notification,
      file: { fileName: filed.name, storageKey: filed.storageKey },
    });
    const notified = side === 'clinic' ? await tellOfReport(trx, deps, wire, row.euteId, stage, now) : [];
    return { wire, notified };
  });
  deps.mailer.wake();
  publishNotified(deps.push, outcome.notified);
  deps.push.publish(vigilanceChanged(outcome.wire, row.euteId, row.clinicId));
  return outcome.wire;
}
