import {
  DEFAULT_RESERVATION_HOURS,
  StepStatus,
  auditActionWords,
  displayPatientCode,
  formatInstantUtc,
  graftListStatus,
  graftTypeWords,
  isGraftTypeNumber,
  parsePatientCode,
  toIsoDate,
  translatorFor,
  isOutsideImplantWindow,
  validateDelivery,
  validateImplantation,
  type GraftRequest,
  type Language,
  type MessageKey,
  type RequestAction,
  type RequestState,
  type RequestStepInput,
} from '@graftmatch/domain';
import type { GraftFileKind, GraftRow, GraftUpdate } from '../../db/types';
import { conflict, invalidFields } from '../../http/problem';
import { renderRequestDocument, requestDocumentFileName, type RequestDocumentKind } from '../../pdf/request-documents';
import type { FileStorage } from '../../storage/storage';
import type { Executor } from '../../db/executor';
import { isOpenOn } from '../grafts/grafts.mapper';
import { fileGeneratedDocument } from '../files/files-generated.service';
import { checkPriorImplantation } from '../waitinglist/waitinglist.prior-implantation';
import { closeEntryByImplantation } from '../waitinglist/waitinglist.service';
import { scheduleFollowUps } from '../followups/followups.service';
import * as repo from './requests.repository';

// What each step does besides moving the request (docs/api.md "Graft requests"): checks on the
// graft, its process steps and list, and the documents filed on the way.

export interface StepContext {
  trx: Executor;
  storage: FileStorage;
  row: repo.RequestDetails;
  action: RequestAction;
  input: RequestStepInput;
  now: Date;
  /** The UTC day: lists and expiry. */
  today: string;
  /** The local days of the request's clinic and bank: the dates of the steps each records (`localDay`). */
  clinicDay: string;
  bankDay: string;
  actorUserId: string | null;
  ip: string | null;
  /** The language of the step's document. */
  language: Language;
  /** The request as the document shows it. */
  wire: () => GraftRequest;
  /** What the step recorded besides the request's state, for its audit row (set by `prepareStep`). */
  recorded: Record<string, unknown>;
}

type RequestChanges = Parameters<typeof repo.moveRequest>[3];

/** Checks that must hold before the step, and the request's new fields. */
export async function prepareStep(ctx: StepContext, to: RequestState): Promise<RequestChanges> {
  const { row, action, input, now } = ctx;
  const at = now.toISOString();
  const base = { state: to, updatedAt: at };
  if (action === 'reserve' || action === 'assign') {
    const graft = await repo.findGraftById(ctx.trx, row.graftId);
    if (!isOpenOn(graft, ctx.today)) {
      throw conflict({ key: 'problem.noLongerFree', params: { lot: row.eLot } });
    }
    const holder = await repo.holdingRequest(ctx.trx, row.graftId, row.id);
    if (holder) {
      throw conflict({ key: 'problem.requests.heldElsewhere', params: { lot: row.eLot, state: holder.state } });
    }
  }
  switch (action) {
    case 'reserve': {
      // The bank too is told of an implantation within 90 days (docs/decisions.md, "One implantation per patient").
      const acknowledged = await checkPriorImplantation(ctx.trx, {
        patientCode: row.patientCode ?? row.entryPatientCode,
        graftType: row.tProdName2,
        today: ctx.today,
        reason: input.priorImplantationReason,
      });
      if (acknowledged) {
        ctx.recorded = { priorImplantation: acknowledged };
      }
      return {
        ...base,
        deadline: new Date(now.getTime() + (input.hours ?? DEFAULT_RESERVATION_HOURS) * 3_600_000).toISOString(),
      };
    }
    case 'confirm':
      if (row.deadline !== null && row.deadline <= at) {
        throw conflict({ key: 'problem.reservationEnded', params: { deadline: formatInstantUtc(row.deadline) } });
      }
      return { ...base, deadline: null };
    case 'assign':
      return { ...base, deadline: null, assignedTimeZone: row.bankTimeZone };
    case 'decline':
    case 'return':
      return { ...base, deadline: null, reason: input.reason ?? null };
    case 'deliver': {
      // How the graft travelled goes into the traceability report (docs/decisions.md, "Delivery facts").
      const errors = validateDelivery(input, { today: ctx.bankDay, assignedOn: toIsoDate(row.assignmentOut) });
      if (errors.length > 0) {
        throw invalidFields('problem.requests.invalidDelivery', errors);
      }
      const facts = {
        deliveryCarrier: input.carrier!.trim(),
        deliveryReference: input.reference!.trim(),
        deliveryNote: input.note?.trim() || null,
      };
      ctx.recorded = { deliveredOn: input.date ?? ctx.bankDay, ...facts };
      return { ...base, deadline: null, deliveredTimeZone: row.bankTimeZone, ...facts };
    }
    case 'implant': {
      // The date and patient code end up in the traceability report (docs/decisions.md, "Clinical records").
      const graft = await repo.findGraftById(ctx.trx, row.graftId);
      // "In the future" is judged by the clinic's local day (docs/decisions.md "Time zones").
      const errors = validateImplantation(input, { today: ctx.clinicDay, deliveredOn: toIsoDate(graft.deliveryOut) });
      if (errors.length > 0) {
        throw invalidFields('problem.requests.invalidImplantation', errors);
      }
      // Recorded, not refused: the web asked before (docs/decisions.md, "One implantation per patient").
      const outside = isOutsideImplantWindow(input.date!, { from: row.queryIMin, to: row.queryIMax });
      if (outside) {
        ctx.recorded = { implantedOutsideWindow: true };
      }
      return {
        ...base,
        implantedOn: input.date ?? null,
        implantedTimeZone: row.clinicTimeZone,
        patientCode: input.patient_Code ?? null,
        implantedOutsideWindow: outside ? 1 : 0,
      };
    }
    default:
      return { ...base, deadline: null };
  }
}

const stepsOf = (graft: GraftRow) => ({
  decellularization: { status: graft.decellularizationStatus },
  release: { status: graft.releaseStatus },
  assignment: { status: graft.assignmentStatus },
  delivery: { status: graft.deliveryStatus },
  implantation: { status: graft.implantationStatus },
  expiry: { status: graft.expiryStatus },
  traceabilityReport: { status: graft.traceabilityReportStatus },
});

/** Each request document under its kind (docs/api.md, "Files"). */
const DOCUMENT_FILE_KIND = {
  allocation: 'allocationNotes',
  delivery: 'deliveryNotes',
  traceability: 'traceabilityReports',
} as const satisfies Record<RequestDocumentKind, GraftFileKind>;

/** Files the step's document; `extra` rows follow the request's (a correction and its reason). */
export async function fileDocument(
  ctx: StepContext,
  kind: RequestDocumentKind,
  extra: [string, string][] = [],
): Promise<string> {
  const { row } = ctx;
  const request = ctx.wire();
  const steps = await repo.requestSteps(ctx.trx, row.id);
  const t = translatorFor(ctx.language);
  const missing = t('common.notDocumented');
  const deliveredOn = request.deliveredOn ?? (ctx.action === 'deliver' ? (ctx.input.date ?? ctx.bankDay) : null);
  const optional = (label: MessageKey, value: string | null): [string, string][] =>
    value === null || value === '' ? [] : [[t(label), value]];
  const content = await renderRequestDocument({
    kind,
    lot: row.eLot,
    language: ctx.language,
    fields: [
      [t('requestDocument.lot'), row.eLot],
      [
        t('requestDocument.graftType'),
        isGraftTypeNumber(row.tProdName2) ? graftTypeWords(row.tProdName2, ctx.language) : String(row.tProdName2),
      ],
      [t('requestDocument.diameter'), row.tDproximal === null ? missing : String(row.tDproximal)],
      [t('requestDocument.bank'), row.euteName],
      [t('requestDocument.clinic'), row.cName],
      [t('requestDocument.physician'), request.physician_Name],
      [t('requestDocument.patient'), displayPatientCode(request.patient_Code)],
      [t('requestDocument.implantWindow'), `${request.query_i_min ?? missing} – ${request.query_i_max ?? missing}`],
      [t('requestDocument.state'), request.state],
      ...optional('requestDocument.deliveredOn', deliveredOn),
      ...optional('requestDocument.carrier', request.deliveryCarrier),
      ...optional('requestDocument.shipmentReference', request.deliveryReference),
      ...optional('requestDocument.deliveryNote', request.deliveryNote),
      ...(request.implantedOn ? [[t('requestDocument.implantedOn'), request.implantedOn] as [string, string]] : []),
      ...optional('requestDocument.outsideWindow', request.implantedOutsideWindow ? t('requestDocument.yes') : null),
      ...(request.reason ? [[t('requestDocument.reason'), request.reason] as [string, string]] : []),
      ...extra,
    ],
    steps: steps.map((step) => ({ action: step.action, at: step.at, by: step.email ?? t('auditLog.system') })),
    generatedAt: ctx.now,
  });
  const filed = await fileGeneratedDocument(ctx.trx, ctx.storage, {
    graftId: row.graftId,
    lot: row.eLot,
    kind: DOCUMENT_FILE_KIND[kind],
    fileName: requestDocumentFileName(kind, row.eLot),
    content,
    // A correction says what it corrected; a step that makes the document again says which step.
    reason:
      extra.map(([, value]) => value).join('; ') ||
      t('requestDocument.remade', { action: auditActionWords(`request.${ctx.action}`, ctx.language) }),
    at: ctx.now,
    actorUserId: ctx.actorUserId,
    ip: ctx.ip,
  });
  return filed.name;
}

/**
 * The step's effect on the graft, after the request moved and its audit row was written (so the
 * documents list the step). Answers whether the graft changed.
 */
export async function applyGraftEffects(ctx: StepContext): Promise<boolean> {
  const { row, action, today } = ctx;
  let changes: GraftUpdate;
  switch (action) {
    case 'assign': {
      const request = ctx.wire();
      changes = {
        assignmentStatus: StepStatus.Done,
        assignmentOut: ctx.bankDay,
        clinicId: row.clinicId,
        cName: row.cName,
        aRequestor: request.physician_Name,
        physicianName: request.physician_Name,
        physicianEmail: row.requesterEmail,
        physicianPhone: row.requesterPhone,
        // The graft's Assignment box shows the request's window; without an entry the bank's own stays.
        ...(request.query_i_min ? { iMin: request.query_i_min, iMax: request.query_i_max } : {}),
        aAlloNote: await fileDocument(ctx, 'allocation'),
      };
      break;
    }
    case 'deliver':
      changes = {
        deliveryStatus: StepStatus.Done,
        deliveryOut: ctx.input.date ?? ctx.bankDay,
        aDeliverNote: await fileDocument(ctx, 'delivery'),
      };
      break;
    case 'implant': {
      if (row.waitingListEntryId !== null) {
        await closeEntryByImplantation(ctx.trx, {
          entryId: row.waitingListEntryId,
          graftId: row.graftId,
          lot: row.eLot,
          requestId: row.id,
          actorUserId: ctx.actorUserId,
          ip: ctx.ip,
          now: ctx.now,
        });
      }
      // Every implantation gets its follow-up schedule in its transaction (docs/api.md "Follow-ups").
      await scheduleFollowUps(
        ctx.trx,
        {
          graftId: row.graftId,
          lot: row.eLot,
          requestId: row.id,
          euteId: row.euteId,
          clinicId: row.clinicId,
          patientCode: ctx.input.patient_Code ?? null,
          implantedOn: ctx.input.date ?? ctx.clinicDay,
        },
        { actorUserId: ctx.actorUserId, ip: ctx.ip, now: ctx.now },
      );
      const patient = parsePatientCode(ctx.input.patient_Code);
      changes = {
        implantationStatus: StepStatus.Done,
        implantationOut: ctx.input.date ?? ctx.clinicDay,
        patientInitial: patient?.initial ?? null,
        patientMonth: patient?.month ?? null,
        patientYear: patient?.year ?? null,
        traceabilityReportStatus: StepStatus.Done,
        traceabilityReportOut: await fileDocument(ctx, 'traceability'),
      };
      break;
    }
    case 'return':
      changes = {
        traceabilityReportStatus: StepStatus.Done,
        traceabilityReportOut: await fileDocument(ctx, 'traceability'),
      };
      break;
    default:
      return false;
  }
  const graft = { ...(await repo.findGraftById(ctx.trx, row.graftId)), ...changes } as GraftRow;
  await repo.updateGraft(ctx.trx, row.graftId, {
    ...changes,
    listStatus: graftListStatus(stepsOf(graft), null, today),
    updatedAt: ctx.now.toISOString(),
  });
  return true;
}
