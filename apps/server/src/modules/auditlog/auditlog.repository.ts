import type { Executor } from '../../db/executor';
import type { AuditLogRow } from '../../db/types';
import type { Page, Paged } from '../../http/paging';

// Reading the audit log (the auth module writes it). Every function takes the executor.

export interface AuditLogFilter {
  actorId?: string;
  action?: string;
  /** Any of these stored spellings of one target type. */
  targetTypes?: readonly string[];
  targetId?: string;
  /** Inclusive lower bound, ISO 8601 UTC text (fixed width, so text order is time order). */
  from?: string;
  /** Exclusive upper bound. */
  until?: string;
  /** Actions left out (sign-ins, when the reader hides them). */
  exceptActions?: readonly string[];
}

function filtered(executor: Executor, filter: AuditLogFilter) {
  let base = executor.selectFrom('auditLog');
  if (filter.actorId !== undefined) {
    base = base.where('actorUserId', '=', filter.actorId);
  }
  if (filter.action !== undefined) {
    base = base.where('action', '=', filter.action);
  }
  if (filter.targetTypes !== undefined) {
    base = base.where('targetType', 'in', filter.targetTypes);
  }
  if (filter.targetId !== undefined) {
    base = base.where('targetId', '=', filter.targetId);
  }
  if (filter.from !== undefined) {
    base = base.where('at', '>=', filter.from);
  }
  if (filter.until !== undefined) {
    base = base.where('at', '<', filter.until);
  }
  if (filter.exceptActions !== undefined && filter.exceptActions.length > 0) {
    base = base.where('action', 'not in', filter.exceptActions);
  }
  return base;
}

/** Newest first, one page, with the number of all matching rows; the indexes on at, actor, action, target serve the filters. */
export async function listAuditRows(
  executor: Executor,
  filter: AuditLogFilter,
  page: Page,
): Promise<Paged<AuditLogRow>> {
  const base = filtered(executor, filter);
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/** The names and LOTs an audit page mentions by id, each looked up once. */
export interface AuditNames {
  users: Map<string, { title: string | null; firstName: string; lastName: string }>;
  clinics: Map<string, string>;
  eutes: Map<string, string>;
  /** Where each import's rows came from (upload or command line, and the file's name). */
  imports: Map<string, string>;
  /** The LOT of each graft, graft file and graft request by its id. */
  lots: Map<string, string>;
}

export interface AuditNameIds {
  users: readonly string[];
  clinics: readonly string[];
  eutes: readonly string[];
  grafts: readonly string[];
  files: readonly string[];
  requests: readonly string[];
  imports: readonly string[];
}

// Under both engines' limits of bound values per statement, for an export's thousands of ids.
const CHUNK = 500;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const parts: T[][] = [];
  for (let start = 0; start < unique.length; start += CHUNK) {
    parts.push(await read(unique.slice(start, start + CHUNK)));
  }
  return parts.flat();
}

/** Looks up the names of the users, clinics, banks and imports, and the LOTs of the grafts, files and requests, named by id. */
export async function auditNames(executor: Executor, ids: AuditNameIds): Promise<AuditNames> {
  const users = await inChunks(ids.users, (chunk) =>
    executor.selectFrom('users').select(['id', 'title', 'firstName', 'lastName']).where('id', 'in', chunk).execute(),
  );
  const clinics = await inChunks(ids.clinics, (chunk) =>
    executor.selectFrom('clinics').select(['id', 'cName']).where('id', 'in', chunk).execute(),
  );
  const eutes = await inChunks(ids.eutes, (chunk) =>
    executor.selectFrom('eutes').select(['id', 'name']).where('id', 'in', chunk).execute(),
  );
  const grafts = await inChunks(ids.grafts, (chunk) =>
    executor.selectFrom('grafts').select(['id', 'eLot']).where('id', 'in', chunk).execute(),
  );
  const files = await inChunks(ids.files, (chunk) =>
    executor
      .selectFrom('graftFiles')
      .innerJoin('grafts', 'grafts.id', 'graftFiles.graftId')
      .select(['graftFiles.id as id', 'grafts.eLot as eLot'])
      .where('graftFiles.id', 'in', chunk)
      .execute(),
  );
  const requests = await inChunks(ids.requests, (chunk) =>
    executor
      .selectFrom('graftRequests')
      .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
      .select(['graftRequests.id as id', 'grafts.eLot as eLot'])
      .where('graftRequests.id', 'in', chunk)
      .execute(),
  );
  const imports = await inChunks(ids.imports, (chunk) =>
    executor.selectFrom('importLogs').select(['id', 'importSource']).where('id', 'in', chunk).execute(),
  );
  return {
    users: new Map(users.map(({ id, ...name }) => [id, name])),
    imports: new Map(imports.map((row) => [row.id, row.importSource])),
    clinics: new Map(clinics.map((row) => [row.id, row.cName])),
    eutes: new Map(eutes.map((row) => [row.id, row.name])),
    lots: new Map([...grafts, ...files, ...requests].map((row) => [row.id, row.eLot])),
  };
}

/** Every matching row, newest first, up to `limit`: the export. */
export async function exportAuditRows(executor: Executor, filter: AuditLogFilter, limit: number) {
  const base = filtered(executor, filter);
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}
