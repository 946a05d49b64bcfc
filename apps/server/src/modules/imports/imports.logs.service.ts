import type { ImportLogListItem, ImportResult, Language } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Page, Paged } from '../../http/paging';
import { notFound } from '../../http/problem';
import type { Principal } from '../../identity/principal';
import { toImportLogListItem, toImportResult } from './imports.log';
import { importLogScope } from './imports.policy';
import * as repo from './imports.repository';

// Reading import logs: employees their banks', admins and auditors all (docs/import.md).

type ReadDeps = { db: Kysely<DB> };

export async function listImportLogs(
  deps: ReadDeps,
  principal: Principal | null,
  page: Page,
): Promise<Paged<ImportLogListItem>> {
  const rows = await repo.listImportLogs(deps.db, importLogScope(principal), page);
  return { items: rows.items.map((row) => toImportLogListItem(row)), total: rows.total };
}

export async function getImportLog(
  deps: ReadDeps,
  principal: Principal | null,
  id: string,
  language: Language,
): Promise<ImportResult> {
  const row = await repo.findImportLog(deps.db, importLogScope(principal), id);
  if (!row) {
    throw notFound({ key: 'problem.noImportLog' });
  }
  return toImportResult(row, false, language);
}

/** The newest log the caller may see; 404 before the first import. */
export async function lastImportLog(deps: ReadDeps, principal: Principal | null): Promise<ImportLogListItem> {
  const { items } = await repo.listImportLogs(deps.db, importLogScope(principal), { limit: 1, offset: 0 });
  const newest = items[0];
  if (!newest) {
    throw notFound({ key: 'problem.noImportYet' });
  }
  return toImportLogListItem(newest);
}
