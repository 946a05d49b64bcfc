import type { Kysely } from 'kysely';
import {
  auditTargetTypeOf,
  auditTargetTypeSpellings,
  isIsoDate,
  shiftDate,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditLogQuery,
} from '@graftmatch/domain';
import type { AuditLogRow, DB } from '../../db/types';
import { badRequest } from '../../http/problem';
import type { Page } from '../../http/paging';
import { requireAdmin } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
import { listAuditRows, type AuditLogFilter } from './auditlog.repository';

export interface AuditLogDeps {
  db: Kysely<DB>;
}

/** The filters of the query: `from` a date (from its start) or a date-time; `to` a date (to its end) or a date-time (exclusive), UTC. */
type AuditLogFilters = Omit<AuditLogQuery, 'limit' | 'offset'>;

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

const toWire = (row: AuditLogRow): AuditLogEntry => ({
  id: row.id,
  at: row.at,
  actorId: row.actorUserId,
  action: row.action,
  // Rows written before the vocabulary keep their old spelling; the reader sees the one name.
  targetType: auditTargetTypeOf(row.targetType) ?? row.targetType,
  targetId: row.targetId,
  before: parseJson(row.before),
  after: parseJson(row.after),
});

/** The start of the day after a date, so `to=2026-11-21` includes that whole day. */
const dayAfter = (date: string) => `${shiftDate(date, 1)}T00:00:00.000Z`;

function bounds(query: AuditLogFilters): Pick<AuditLogFilter, 'from' | 'until'> {
  const instant = (text: string, field: string) => {
    const time = new Date(text);
    if (Number.isNaN(time.getTime())) {
      throw badRequest(`${field} must be a date or an ISO 8601 date-time.`, [
        { field, message: 'must be a date or date-time' },
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

/** `GET /admin/auditlog`: admins and auditors read; newest first, paged, filterable. */
export async function readAuditLog(
  deps: AuditLogDeps,
  principal: Principal | null,
  query: AuditLogFilters,
  page: Page,
): Promise<AuditLogPage> {
  requireAdmin(principal, { write: false });
  const { from: _from, to: _to, targetType, ...exact } = query;
  const rows = await listAuditRows(deps.db, { ...exact, ...targetTypes(targetType), ...bounds(query) }, page);
  return { items: rows.items.map(toWire), total: rows.total, limit: page.limit, offset: page.offset };
}
