import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_EXPORT_MAX_ROWS,
  SIGN_IN_ACTIONS,
  auditActionWords,
  auditChanges,
  auditTargetTypeOf,
  auditTargetTypeSpellings,
  auditTargetTypeWords,
  auditValueText,
  formatInstantUtc,
  fullName,
  isIsoDate,
  shiftDate,
  translate,
  type AuditLogEntry,
  type AuditLogExportQuery,
  type AuditLogPage,
  type Language,
} from '@graftmatch/domain';
import type { AuditLogRow, DB } from '../../db/types';
import { fieldError, badRequest } from '../../http/problem';
import type { Page } from '../../http/paging';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { neutraliseFormula } from '../imports/csv-formula';
import {
  auditNames,
  exportAuditRows,
  listAuditRows,
  type AuditLogFilter,
  type AuditNames,
} from './auditlog.repository';

export interface AuditLogDeps {
  db: Kysely<DB>;
  now: () => Date;
}

/** The filters of the query: `from` a date (from its start) or a date-time; `to` a date (to its end) or a date-time (exclusive), UTC. */
type AuditLogFilters = AuditLogExportQuery;

function parseJson(text: string | null): unknown {
  if (text === null) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The ids a page of rows names, by what they are, for one lookup of their names and LOTs. */
async function namesOf(deps: AuditLogDeps, rows: readonly AuditLogRow[]): Promise<AuditNames> {
  const targets = (type: string) =>
    rows.filter((row) => auditTargetTypeOf(row.targetType) === type && row.targetId).map((row) => row.targetId!);
  return auditNames(deps.db, {
    users: [...rows.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])), ...targets('user')],
    clinics: targets('clinic'),
    eutes: targets('eute'),
    grafts: targets('graft'),
    files: targets('graftFile'),
    requests: targets('graftRequest'),
    imports: targets('importLog'),
  });
}

function targetLabel(type: string, id: string | null, names: AuditNames): string | null {
  if (id === null) {
    return null;
  }
  const user = type === 'user' ? names.users.get(id) : undefined;
  const byType: Readonly<Record<string, Map<string, string>>> = {
    clinic: names.clinics,
    eute: names.eutes,
    importLog: names.imports,
  };
  return (user && fullName(user)) ?? (byType[type] ?? names.lots).get(id) ?? null;
}

const toWire = (row: AuditLogRow, names: AuditNames): AuditLogEntry => {
  // Rows written before the vocabulary keep their old spelling; the reader sees the one name.
  const targetType = auditTargetTypeOf(row.targetType) ?? row.targetType;
  const actor = row.actorUserId ? names.users.get(row.actorUserId) : undefined;
  return {
    id: row.id,
    at: row.at,
    actorId: row.actorUserId,
    action: row.action,
    targetType,
    targetId: row.targetId,
    before: parseJson(row.before),
    after: parseJson(row.after),
    actorName: actor ? fullName(actor) : null,
    targetLabel: targetLabel(targetType, row.targetId, names),
    targetLot: row.targetId === null ? null : (names.lots.get(row.targetId) ?? null),
  };
};

/** The start of the day after a date, so `to=2026-11-21` includes that whole day. */
const dayAfter = (date: string) => `${shiftDate(date, 1)}T00:00:00.000Z`;

function bounds(query: AuditLogFilters): Pick<AuditLogFilter, 'from' | 'until'> {
  const instant = (text: string, field: string) => {
    const time = new Date(text);
    if (Number.isNaN(time.getTime())) {
      throw badRequest({ key: 'problem.dateOrDateTime', params: { field } }, [
        fieldError(field, { key: 'validation.dateOrDateTime' }),
      ]);
    }
    return time.toISOString();
  };
  const from =
    query.from === undefined
      ? undefined
      : isIsoDate(query.from)
        ? `${query.from}T00:00:00.000Z`
        : instant(query.from, 'from');
  const until = query.to === undefined ? undefined : isIsoDate(query.to) ? dayAfter(query.to) : instant(query.to, 'to');
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

/** A target type filter matches its old spellings too; a name the vocabulary does not know, as given. */
function targetTypes(name: string | undefined): Pick<AuditLogFilter, 'targetTypes'> {
  if (name === undefined) {
    return {};
  }
  const type = auditTargetTypeOf(name);
  return { targetTypes: type ? auditTargetTypeSpellings(type) : [name] };
}

function filterOf(query: AuditLogFilters): AuditLogFilter {
  const { from: _from, to: _to, targetType, hideSignIns, ...exact } = query;
  return {
    ...exact,
    ...targetTypes(targetType),
    ...bounds(query),
    ...(hideSignIns ? { exceptActions: SIGN_IN_ACTIONS } : {}),
  };
}

/** `GET /admin/auditlog`: admins and auditors read; newest first, paged, filterable, with names and LOTs. */
export async function readAuditLog(
  deps: AuditLogDeps,
  principal: Principal | null,
  query: AuditLogFilters,
  page: Page,
): Promise<AuditLogPage> {
  requireAdmin(principal, { write: false });
  const rows = await listAuditRows(deps.db, filterOf(query), page);
  const names = await namesOf(deps, rows.items);
  return {
    items: rows.items.map((row) => toWire(row, names)),
    total: rows.total,
    limit: page.limit,
    offset: page.offset,
  };
}

export interface AuditLogExport {
  content: Buffer;
  fileName: string;
  /** Every matching row; more than the file holds when the export's limit cut it. */
  total: number;
}

/**
 * `GET /admin/auditlog/export`: the rows the same filters show, newest first, as CSV for an
 * inspection: UTF-8 with a BOM, the words in `language`, formula-safe cells (csv-formula.ts).
 */
export async function exportAuditLog(
  deps: AuditLogDeps,
  principal: Principal | null,
  query: AuditLogFilters,
  language: Language,
): Promise<AuditLogExport> {
  requireAdmin(principal, { write: false });
  const rows = await exportAuditRows(deps.db, filterOf(query), AUDIT_EXPORT_MAX_ROWS);
  const names = await namesOf(deps, rows.items);
  const missing = translate(language, 'common.notDocumented');
  const column = (name: string) => translate(language, `auditLog.column.${name}` as 'auditLog.column.time');
  const header = ['time', 'actor', 'action', 'actionCode', 'targetType', 'target', 'targetId', 'changes'].map(column);
  const lines = rows.items.map((row) => {
    const entry = toWire(row, names);
    const changes = auditChanges(entry.before, entry.after)
      .map(
        (change) =>
          `${change.field}: ${auditValueText(change.before, missing)} → ${auditValueText(change.after, missing)}`,
      )
      .join('; ');
    return [
      formatInstantUtc(entry.at),
      entry.actorId === null ? translate(language, 'auditLog.system') : (entry.actorName ?? entry.actorId),
      auditActionWords(entry.action, language),
      entry.action,
      auditTargetTypeWords(entry.targetType, language),
      entry.targetLabel ?? '',
      entry.targetId ?? '',
      changes,
    ].map(neutraliseFormula);
  });
  const text = stringify([header, ...lines], { record_delimiter: '\r\n' });
  const stamp = deps.now().toISOString().slice(0, 10);
  return { content: Buffer.from(`\uFEFF${text}`, 'utf8'), fileName: `audit-log_${stamp}.csv`, total: rows.total };
}
