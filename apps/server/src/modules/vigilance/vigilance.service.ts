import { randomUUID } from 'node:crypto';
import {
  auditActionWords,
  confirmationDeadline,
  decideVigilanceStep,
  donationIdentification,
  formatPatientCode,
  graftTypeLabel,
  isGraftTypeNumber,
  missingVigilanceFields,
  notificationDeadline,
  parseSingleEuropeanCode,
  StepStatus,
  translate,
  utcDate,
  type CreateVigilanceReportRequest,
  type UpdateVigilanceReportRequest,
  type VigilanceListQuery,
  type VigilanceReport,
  type VigilanceReportPage,
  type VigilanceStep,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { GraftRow } from '../../db/types';
import type { Page } from '../../http/paging';
import { badRequest, conflict, fieldError, notFound } from '../../http/problem';
import type { Actor } from '../../http/request-kit';
import { renderVigilancePdf, vigilancePdfFileName } from '../../pdf/vigilance-pdf';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { fileGeneratedDocument } from '../files/files-generated.service';
import { publishNotified } from '../notifications/notifications.service';
import type { RequestsDeps } from '../requests/requests.service';
import { reportToWire } from './vigilance.mapper';
import { tellAuthority, tellOfReport, vigilanceChanged } from './vigilance.notify';
import { graftSideOf, noGraft, readScope, requireBank, requireWriter, sideOf } from './vigilance.policy';
import { changeReport } from './vigilance.change';
import * as repo from './vigilance.repository';

// Vigilance reports (docs/api.md "Vigilance", docs/decisions.md "Vigilance" and "Quarantine"):
// a draft filled in from the graft, its notification (part A) and confirmation (part B) each
// submitted once and filed as a PDF on the graft, the look-back over the donation, and the
// quarantine of its free and reserved grafts. Every change is audited in its transaction.

/** What vigilance needs is what requests need: it declines requests and files documents. */
export type VigilanceDeps = RequestsDeps;

const referenceOf = (kind: string, id: string, at: Date) =>
  `${kind}-${utcDate(at).replaceAll('-', '')}-${id.slice(0, 8).toUpperCase()}`;

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
  const reference = referenceOf(body.kind, id, now);
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

/**
 * `GET /vigilance/reports`: the caller's reports, newest first, by state and bank; `show=open` the
 * open ones of the caller's banks (every bank's for admins and auditors), soonest deadline first,
 * as the bank's home counts them.
 */
export async function listReports(
  deps: VigilanceDeps,
  principal: Principal | null,
  query: VigilanceListQuery,
  page: Page,
): Promise<VigilanceReportPage> {
  const scope = readScope(principal);
  const openOf = query.show === 'open' ? ('all' in scope ? scope : { euteIds: scope.euteIds }) : undefined;
  const found = await repo.listReports(deps.db, scope, { state: query.state, bank: query.bank, openOf }, page);
  return { items: found.items.map(reportToWire), total: found.total };
}

/** `GET /vigilance/reports/{id}`. */
export async function getReport(
  deps: VigilanceDeps,
  principal: Principal | null,
  id: string,
): Promise<VigilanceReport> {
  const row = await repo.findReport(deps.db, id);
  sideOf(principal, row);
  return reportToWire(row!);
}

/**
 * A report with its graft's id and donation, for an export of it (the FHIR AdverseEvent): read as
 * the report is, or by a bank's API key for its bank's reports. Others get 404.
 */
export async function reportForExport(
  deps: { db: Executor },
  reader: { principal: Principal | null } | { apiKeyOf: string },
  id: string,
): Promise<{ report: VigilanceReport; graftId: string; donation: string | null }> {
  const row = await repo.findReport(deps.db, id);
  if ('apiKeyOf' in reader) {
    if (!row || row.euteId !== reader.apiKeyOf) {
      throw notFound({ key: 'problem.vigilance.noReport' });
    }
  } else {
    sideOf(reader.principal, row);
  }
  return { report: reportToWire(row!), graftId: row!.graftId, donation: donationIdentification(row!.xSec) };
}

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
  const today = utcDate(now);
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

/** The report's bank employees and its author hear of a deadline (vigilance reminders). */
export async function reminderRecipients(executor: Executor, row: repo.ReportDetails) {
  const employees = await repo.employeesOf(executor, row.euteId);
  const author = row.createdBy ? await repo.activeUser(executor, row.createdBy) : undefined;
  const all = author && !employees.some((employee) => employee.id === author.id) ? [...employees, author] : employees;
  return all.map((user) => ({ userId: user.id, email: user.email, language: user.language }));
}
