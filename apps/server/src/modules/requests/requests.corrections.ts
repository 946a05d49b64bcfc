import {
  correctableFields,
  correctionTimeZone,
  localDay,
  parsePatientCode,
  toIsoDate,
  translate,
  utcDate,
  validateCorrection,
  type CorrectionField,
  type CorrectionRequest,
  type CorrectionSide,
  type GraftRequest,
  type Language,
  type RequestAction,
  type RequestHistory,
} from '@graftmatch/domain';
import type { GraftRow, GraftUpdate } from '../../db/types';
import type { Executor } from '../../db/executor';
import { conflict, forbidden, invalidFields, notFound } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import type { RequestDocumentKind } from '../../pdf/request-documents';
import { recordAudit } from '../audit/audit.service';
import { requireUser } from '../../identity/policy';
import { followCorrectedImplantation } from '../followups/followups.service';
import type { Principal } from '../../identity/principal';
import { requestToWire } from './requests.mapper';
import * as requests from './requests.repository';
import { announce, type RequestsDeps } from './requests.service';
import { fileDocument, type StepContext } from './requests.steps';
import * as repo from './requests.corrections.repository';

// Corrections of a recorded step (docs/api.md, "Corrections"; docs/decisions.md, "Clinical records"):
// the new value passes the step's own rules, the request or graft changes together with an audit
// row holding old value, new value and reason, and the step's document is filed anew beside the old.

const noRequest = () => notFound({ key: 'problem.noRequest' });

/** The sides the caller acts for on this request; 404 for another tenant's, 403 without a role. */
function sidesOf(principal: Principal | null, request: { clinicId: string; euteId: string }): CorrectionSide[] {
  const caller = requireUser(principal);
  if (caller.admin) {
    return ['admin'];
  }
  if (caller.audit || (caller.clinicIds.length === 0 && caller.euteIds.length === 0)) {
    throw forbidden({ key: 'problem.requests.whoCorrects' });
  }
  const sides: CorrectionSide[] = [
    ...(caller.clinicIds.includes(request.clinicId) ? (['physician'] as const) : []),
    ...(caller.euteIds.includes(request.euteId) ? (['bank'] as const) : []),
  ];
  if (sides.length === 0) {
    throw noRequest();
  }
  return sides;
}

type Zoned = Pick<requests.RequestDetails, 'clinicTimeZone' | 'bankTimeZone'>;

/**
 * What a field changes: where its value is read from and written to (a date with the zone it was
 * judged in, docs/decisions.md "Time zones"), and the document it shows in.
 */
interface FieldEffect {
  step: RequestAction;
  old: (row: requests.RequestDetails, graft: GraftRow) => string | null;
  request?: (value: string, row: Zoned) => Omit<Parameters<typeof repo.updateRequest>[2], 'updatedAt'>;
  graft?: (value: string) => GraftUpdate;
  document: (row: requests.RequestDetails) => RequestDocumentKind | null;
}

const EFFECTS: Record<CorrectionField, FieldEffect> = {
  assignedOn: {
    step: 'assign',
    old: (_row, graft) => toIsoDate(graft.assignmentOut),
    request: (_value, row) => ({ assignedTimeZone: row.bankTimeZone }),
    graft: (value) => ({ assignmentOut: value }),
    document: () => 'allocation',
  },
  deliveredOn: {
    step: 'deliver',
    old: (_row, graft) => toIsoDate(graft.deliveryOut),
    request: (_value, row) => ({ deliveredTimeZone: row.bankTimeZone }),
    graft: (value) => ({ deliveryOut: value }),
    document: () => 'delivery',
  },
  implantedOn: {
    step: 'implant',
    old: (row) => row.implantedOn,
    request: (value, row) => ({ implantedOn: value, implantedTimeZone: row.clinicTimeZone }),
    graft: (value) => ({ implantationOut: value }),
    document: () => 'traceability',
  },
  patient_Code: {
    step: 'implant',
    old: (row) => row.patientCode,
    request: (value) => ({ patientCode: value }),
    graft: (value) => {
      const patient = parsePatientCode(value);
      return { patientInitial: patient?.initial, patientMonth: patient?.month, patientYear: patient?.year };
    },
    document: () => 'traceability',
  },
  reason: {
    step: 'return',
    old: (row) => row.reason,
    request: (value) => ({ reason: value }),
    document: (row) => (row.state === 'returned' ? 'traceability' : null),
  },
};

const DOCUMENT_COLUMN: Record<RequestDocumentKind, 'aAlloNote' | 'aDeliverNote' | 'traceabilityReportOut'> = {
  allocation: 'aAlloNote',
  delivery: 'aDeliverNote',
  traceability: 'traceabilityReportOut',
};

/** `POST /requests/{id}/corrections`: answers the corrected request. */
export async function correctRequest(
  deps: RequestsDeps,
  actor: Actor,
  id: string,
  body: CorrectionRequest,
): Promise<GraftRequest> {
  const caller = requireUser(actor.principal);
  const found = await requests.findRequest(deps.db, id);
  if (!found) {
    throw noRequest();
  }
  const sides = sidesOf(caller, found);
  const now = deps.now();
  const today = utcDate(now);
  const row = await deps.db.transaction().execute(async (trx) => {
    const request = (await requests.findRequest(trx, id))!;
    assertMayCorrect(request, sides, body.field);
    const graft = await requests.findGraftById(trx, request.graftId);
    const errors = validateCorrection(body.field, body.value, {
      today: localDay(now, correctionTimeZone(body.field, request)),
      releasedOn: toIsoDate(graft.releaseOut),
      assignedOn: toIsoDate(graft.assignmentOut),
      deliveredOn: toIsoDate(graft.deliveryOut),
      implantedOn: request.implantedOn,
    });
    if (errors.length > 0) {
      throw invalidFields('problem.requests.invalidCorrection', errors);
    }
    await apply(trx, deps, {
      request,
      graft,
      body,
      now,
      actorUserId: caller.userId,
      ip: actor.ip,
      language: actor.language ?? 'en',
    });
    return (await requests.findRequest(trx, id))!;
  });
  await announce(deps, [id], true);
  return requestToWire(row, sides.includes('physician') ? 'physician' : sides.includes('bank') ? 'bank' : null, today);
}

function assertMayCorrect(request: requests.RequestDetails, sides: CorrectionSide[], field: CorrectionField): void {
  if (sides.some((side) => correctableFields(request.state, side).includes(field))) {
    return;
  }
  if (correctableFields(request.state, 'admin').includes(field)) {
    const bank = field === 'assignedOn' || field === 'deliveredOn';
    throw forbidden({
      key: bank ? 'problem.requests.correctionByBank' : 'problem.requests.correctionByPhysician',
      params: { field },
    });
  }
  throw conflict({ key: 'problem.requests.nothingToCorrect', params: { state: request.state, field } });
}

interface Application {
  request: requests.RequestDetails;
  graft: GraftRow;
  body: CorrectionRequest;
  now: Date;
  actorUserId: string;
  ip: string | null;
  language: Language;
}

/** Writes the correction, its audit row and the step's new document in the caller's transaction. */
async function apply(trx: Executor, deps: RequestsDeps, run: Application): Promise<void> {
  const { request, graft, body, now } = run;
  const effect = EFFECTS[body.field];
  const oldValue = effect.old(request, graft);
  const at = now.toISOString();
  if (effect.request) {
    await repo.updateRequest(trx, request.id, { ...effect.request(body.value, request), updatedAt: at });
  }
  await recordAudit(trx, {
    actorUserId: run.actorUserId,
    action: 'request.correct',
    targetType: 'graftRequest',
    targetId: request.id,
    before: { field: body.field, value: oldValue },
    after: { field: body.field, value: body.value, reason: body.reason },
    ip: run.ip,
    at: now,
  });
  if (request.state === 'implanted' && (body.field === 'implantedOn' || body.field === 'patient_Code')) {
    // The follow-ups take the corrected day or patient (docs/decisions.md "Follow-ups").
    await followCorrectedImplantation(
      trx,
      {
        graftId: request.graftId,
        ...(body.field === 'implantedOn' ? { implantedOn: body.value } : { patientCode: body.value }),
      },
      { actorUserId: run.actorUserId, ip: run.ip, now },
    );
  }
  let changes: GraftUpdate = effect.graft?.(body.value) ?? {};
  const kind = effect.document(request);
  if (kind) {
    const row = (await requests.findRequest(trx, request.id))!;
    const today = utcDate(now);
    const ctx: StepContext = {
      trx,
      storage: deps.storage,
      row,
      action: effect.step,
      input: {},
      recorded: {},
      now,
      today,
      clinicDay: localDay(now, row.clinicTimeZone),
      bankDay: localDay(now, row.bankTimeZone),
      actorUserId: run.actorUserId,
      ip: run.ip,
      language: run.language,
      wire: () => requestToWire(row, null, today),
    };
    // The graft's new dates go into the document too, so write them first.
    await requests.updateGraft(trx, graft.id, { ...changes, updatedAt: at });
    const correction = `${body.field}: ${oldValue ?? translate(run.language, 'common.notDocumented')} → ${body.value} (${body.reason})`;
    changes = {
      [DOCUMENT_COLUMN[kind]]: await fileDocument(ctx, kind, [
        [translate(run.language, 'requestDocument.correction'), correction],
      ]),
    };
  }
  await requests.updateGraft(trx, graft.id, { ...changes, updatedAt: at });
}

/** `GET /requests/{id}/history`: the request's steps and corrections, oldest first. */
export async function requestHistory(
  deps: RequestsDeps,
  principal: Principal | null,
  id: string,
): Promise<RequestHistory> {
  const caller = requireUser(principal);
  const found = await requests.findRequest(deps.db, id);
  if (!found) {
    throw noRequest();
  }
  if (!caller.audit) {
    sidesOf(caller, found);
  }
  const rows = await repo.requestHistory(deps.db, id);
  return rows.map((row) => {
    const entry = { action: row.action, at: row.at, by: row.email ?? 'system' };
    if (row.action === 'request.mismatch') {
      // A refused scan: the graft's code, the package's, and the step it stopped.
      const expected = JSON.parse(row.before ?? '{}') as { code?: string };
      const scanned = JSON.parse(row.after ?? '{}') as { code?: string; step?: string };
      return {
        ...entry,
        field: 'sec',
        oldValue: expected.code ?? null,
        newValue: scanned.code ?? '',
        reason: scanned.step ?? '',
      };
    }
    if (row.action !== 'request.correct') {
      return entry;
    }
    const before = JSON.parse(row.before ?? '{}') as { field?: string; value?: string | null };
    const after = JSON.parse(row.after ?? '{}') as { value?: string; reason?: string };
    return {
      ...entry,
      field: before.field ?? '',
      oldValue: before.value ?? null,
      newValue: after.value ?? '',
      reason: after.reason ?? '',
    };
  });
}
