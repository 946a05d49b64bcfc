import type { GraftHistory, GraftHistoryChange, GraftHistoryEvent } from '@graftmatch/domain';
import { forbidden, notFound } from '../../http/problem';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { GraftsDeps } from './grafts.service';
import * as repo from './grafts.history.repository';

// A graft's life story (docs/api.md, "A graft's history"): who did what to it, its requests and its files,
// newest first, read from the audit log, with the fields each row changed.

/** Keys an audit row carries for bookkeeping or as its reason, never a changed field. */
const NOT_A_CHANGE = new Set(['importLogId', 'correctionReason', 'reason', 'lot']);

type Json = Record<string, unknown>;

function parse(text: string | null): Json | null {
  if (text === null) {
    return null;
  }
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function text(value: unknown): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function change(field: string, oldValue: unknown, newValue: unknown): GraftHistoryChange {
  return { field, oldValue: text(oldValue), newValue: text(newValue) };
}

/** The fields a row changed, old → new, from its before and after. */
function changesOf(row: Pick<repo.GraftAuditRow, 'action' | 'targetType'>, before: Json | null, after: Json | null) {
  if (row.action === 'request.correct') {
    return [change(text(before?.['field']) ?? '', before?.['value'], after?.['value'])];
  }
  if (row.action === 'request.mismatch') {
    // A refused scan: the graft's code against the package's.
    return [change('sec', before?.['code'], after?.['code'])];
  }
  // A file's row holds it whole on one side: its kind and name are what came or went.
  const fields =
    row.targetType === 'graftFile'
      ? ['kind', 'name']
      : Object.keys(before ?? {}).filter((field) => !NOT_A_CHANGE.has(field));
  return fields
    .map((field) => change(field, before?.[field], after?.[field]))
    .filter((item) => item.oldValue !== item.newValue);
}

/** One audit row as an event of the history. */
export function historyEvent(row: repo.GraftAuditRow): GraftHistoryEvent {
  const before = parse(row.before);
  const after = parse(row.after);
  const reason = text(after?.['correctionReason'] ?? after?.['reason']);
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    at: row.at,
    action: row.action,
    actor: row.email === null ? 'system' : name ? `${name} (${row.email})` : row.email,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: changesOf(row, before, after),
    reason: reason === '' ? null : reason,
  };
}

const noGraft = (lot: string) => notFound({ key: 'problem.noGraft', params: { lot } });

/**
 * `GET /grafts/history/{lot}`: admins, auditors and the graft's bank read all of it; a physician reads
 * it for a graft assigned to or requested by one of their clinics, with only their clinics' requests.
 * Anyone else who may read grafts gets 404 like an unknown lot, as on the details, so lots do not leak.
 */
export async function graftHistory(
  deps: Pick<GraftsDeps, 'db'>,
  principal: Principal | null,
  lot: string,
): Promise<GraftHistory> {
  const caller = requireUser(principal);
  if (!caller.admin && !caller.audit && caller.clinicIds.length === 0 && caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.grafts.whoReadsHistory' });
  }
  const graft = await repo.findGraftForHistory(deps.db, lot);
  if (!graft) {
    throw noGraft(lot);
  }
  const requests = await repo.requestsOfGraft(deps.db, graft.id);
  const everything = caller.admin || caller.audit || caller.euteIds.includes(graft.euteId);
  const visible = everything ? requests : requests.filter((request) => caller.clinicIds.includes(request.clinicId));
  if (!everything && visible.length === 0 && !(graft.clinicId !== null && caller.clinicIds.includes(graft.clinicId))) {
    throw noGraft(lot);
  }
  const rows = await repo.graftAuditRows(
    deps.db,
    graft,
    visible.map((request) => request.id),
  );
  return rows.map(historyEvent);
}
