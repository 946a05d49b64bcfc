import { isIsoDate, type AuditLogEntry } from '@graftmatch/domain';
import type { AuditLogRow } from '../../db/types';
import { badRequest } from '../../http/problem';
import type { Page } from '../../http/paging';
import { requireAdmin } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
import { listAuditRows, type AuditLogFilter } from './auditlog.repository';
import type { AdminDeps } from './users.service';

export interface AuditLogQuery {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** A date (from its start) or a date-time, UTC. */
  from?: string;
  /** A date (to its end) or a date-time (exclusive), UTC. */
  to?: string;
}

export interface AuditLogPage {
  items: AuditLogEntry[];
  total: number;
  limit: number;
  offset: number;
}

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
  targetType: row.targetType,
  targetId: row.targetId,
  before: parseJson(row.before),
  after: parseJson(row.after),
});

/** The start of the day after a date, so `to=2026-11-21` includes that whole day. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function bounds(query: AuditLogQuery): Pick<AuditLogFilter, 'from' | 'until'> {
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

/** `GET /admin/auditlog`: admins and auditors read; newest first, paged, filterable. */
export async function readAuditLog(
  deps: AdminDeps,
  principal: Principal | null,
  query: AuditLogQuery,
  page: Page,
): Promise<AuditLogPage> {
  requireAdmin(principal, { write: false });
  const { from: _from, to: _to, ...exact } = query;
  const rows = await listAuditRows(deps.db, { ...exact, ...bounds(query) }, page);
  return { items: rows.items.map(toWire), total: rows.total, limit: page.limit, offset: page.offset };
}
