import { randomUUID } from 'node:crypto';
import {
  confirmationDeadline,
  donationIdentification,
  formatPatientCode,
  graftTypeLabel,
  isGraftTypeNumber,
  localDay,
  notificationDeadline,
  parseSingleEuropeanCode,
  StepStatus,
  type CreateVigilanceReportRequest,
  type VigilanceReport,
} from '@graftmatch/domain';
import type { GraftRow } from '../../db/types';
import { badRequest, fieldError } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { publishNotified } from '../notifications/notifications.service';
import type { VigilanceDeps } from './vigilance.deps';
import { reportToWire } from './vigilance.mapper';
import { tellOfReport, vigilanceChanged } from './vigilance.notify';
import { graftSideOf, noGraft, requireWriter } from './vigilance.policy';
import * as repo from './vigilance.repository';

// A new vigilance report (docs/api.md "Vigilance", docs/decisions.md "Vigilance"): a draft filled in
// from the graft, audited in its transaction; the bank hears of a clinic's report at once.

/** `SAR-20261203-3F2B8C1E`: the kind, the recording organisation's local day, the id's start. */
const referenceOf = (kind: string, id: string, day: string) =>
  `${kind}-${day.replaceAll('-', '')}-${id.slice(0, 8).toUpperCase()}`;

/** Part A as the graft fills it in; the rest is the reporter's. */
function draftNotification(
  kind: 'SAR' | 'SAE',
  graft: GraftRow & { euteName: string; euteNumber: string | null },
  reference: string,
  description: string | null,
) {
  const sec = graft.xSec ? parseSingleEuropeanCode(graft.xSec) : null;
  const header = {
    tissueEstablishment: graft.euteName,
    euTeCode: sec && !('error' in sec) ? sec.establishment : graft.euteNumber,
    reportIdentification: reference,
    reportingDate: null,
  };
  const soho = { description, imputability: null, severity: null, mitigatingMeasures: null };
  if (kind === 'SAE') {
    return { ...header, eventDate: null, deviations: [], ...soho };
  }
  const implanted = graft.implantationStatus === StepStatus.Done;
  return {
    ...header,
    donationIdentification: donationIdentification(graft.xSec),
    tissueType: isGraftTypeNumber(graft.tProdName2) ? graftTypeLabel(graft.tProdName2) : String(graft.tProdName2),
    singleEuropeanCode: graft.xSec,
    patientCode:
      graft.patientInitial === null
        ? null
        : formatPatientCode({
            initial: graft.patientInitial,
            month: graft.patientMonth ?? undefined,
            year: graft.patientYear ?? undefined,
          }),
    individualAffected: implanted ? ('recipient' as const) : null,
    applicationDate: implanted ? (graft.implantationOut ?? null) : null,
    applicationPlace: implanted ? graft.cName : null,
    reactionDate: null,
    reactionType: null,
    ...soho,
  };
}

/** `POST /vigilance/reports`: a draft on a graft of the caller's clinic (SAR, implanted there) or bank. */
export async function createReport(
  deps: VigilanceDeps,
  actor: Actor,
  body: CreateVigilanceReportRequest,
): Promise<VigilanceReport> {
  const found = await repo.findGraftByLot(deps.db, body.lot);
  const side = requireWriter(graftSideOf(actor.principal, found, body.lot));
  const graft = found!;
  if (side === 'clinic' && (body.kind !== 'SAR' || graft.implantationStatus !== StepStatus.Done)) {
    throw body.kind === 'SAR' ? noGraft(body.lot) : badRequest({ key: 'problem.vigilance.saeByBank' });
  }
  const now = deps.now();
  const discoveredAt = body.discoveredAt ?? now.toISOString();
  if (Date.parse(discoveredAt) > now.getTime()) {
    throw badRequest({ key: 'problem.vigilance.discoveryFuture' }, [
      fieldError('discoveredAt', { key: 'validation.inFuture' }),
    ]);
  }
  const id = randomUUID();
  const reference = referenceOf(
    body.kind,
    id,
    localDay(now, side === 'clinic' ? (graft.clinicTimeZone ?? graft.bankTimeZone) : graft.bankTimeZone),
  );
  const at = now.toISOString();
  const caller = actor.principal!;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await repo.insertReport(trx, {
      id,
      kind: body.kind,
      state: 'draft',
      reference,
      graftId: graft.id,
      euteId: graft.euteId,
      clinicId: graft.clinicId,
      createdBy: caller.userId,
      discoveredAt,
      // The bank's deadlines as they stand now; a later change of them leaves this report's alone.
      notificationDeadline: notificationDeadline(discoveredAt, Number(graft.vigilanceNotificationHours)),
      confirmationDeadline: confirmationDeadline(discoveredAt, Number(graft.vigilanceConfirmationDays)),
      notifiedAt: null,
      confirmedAt: null,
      notification: JSON.stringify(draftNotification(body.kind, graft, reference, body.description ?? null)),
      confirmation: JSON.stringify(
        body.kind === 'SAR'
          ? {
              confirmationDate: null,
              confirmed: null,
              typeChanged: null,
              typeChange: null,
              clinicalOutcome: null,
              investigationOutcome: null,
              correctiveActions: null,
            }
          : { confirmationDate: null, rootCauseAnalysis: null, correctiveMeasures: null },
      ),
      quarantinedAt: null,
      quarantineLots: null,
      quarantineLiftedAt: null,
      quarantineLiftReason: null,
      createdAt: at,
      updatedAt: at,
    });
    const wire = reportToWire((await repo.findReport(trx, id))!);
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'vigilance.create',
      targetType: 'vigilanceReport',
      targetId: id,
      after: wire,
      ip: actor.ip,
      at: now,
    });
    const notified = side === 'clinic' ? await tellOfReport(trx, deps, wire, graft.euteId, 'created', now) : [];
    return { wire, notified };
  });
  publishNotified(deps.push, outcome.notified);
  deps.push.publish(vigilanceChanged(outcome.wire, graft.euteId, graft.clinicId));
  return outcome.wire;
}
