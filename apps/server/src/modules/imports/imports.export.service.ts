import { utcDate, type Graft } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, EuteRow } from '../../db/types';
import { badRequest, forbidden, notFound } from '../../http/problem';
import type { Principal } from '../auth/principal';
import { presentGrafts } from '../grafts/grafts.service';
import { rowToFields } from './imports.columns';
import { exportableBanks, requireTemplateReader } from './imports.policy';
import * as repo from './imports.repository';
import { writeCsv, writeXlsx, type ColumnRow } from './imports.write';

// The export of a bank's grafts in the import's own columns, and the empty template (docs/import.md).

export type ExportFormat = 'csv' | 'json' | 'xlsx';

export interface ExportDeps {
  db: Kysely<DB>;
  now: () => Date;
}

export interface ExportFile {
  content: Buffer;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// Wire grafts are built with their file lists, a query per this many grafts.
const PRESENT_CHUNK = 1000;

async function bankToExport(deps: ExportDeps, principal: Principal | null, ref: string | undefined): Promise<EuteRow> {
  const allowed = exportableBanks(principal);
  const chosen = ref ?? (allowed !== 'any' && allowed.length === 1 ? allowed[0] : undefined);
  if (!chosen) {
    throw badRequest({ key: 'problem.fhir.nameExportBank' });
  }
  const bank = await repo.findEuteByRef(deps.db, chosen);
  if (allowed === 'any' && !bank) {
    throw notFound({ key: 'problem.noBankRef', params: { ref: chosen } });
  }
  if (!bank || (allowed !== 'any' && !allowed.includes(bank.id))) {
    throw forbidden({ key: 'problem.fhir.ownBankExport' });
  }
  return bank;
}

/** `GET /euteemployee/export`: every graft of the bank, in the import's columns (JSON: the API's graft shape). */
export async function exportGrafts(
  deps: ExportDeps,
  principal: Principal | null,
  options: { format: ExportFormat; bank?: string },
): Promise<ExportFile> {
  const bank = await bankToExport(deps, principal, options.bank);
  const rows = await repo.graftsOfBank(deps.db, bank.id);
  const at = deps.now();
  const fileName = `grafts-${bank.euteNumber ?? bank.id}-${utcDate(at)}.${options.format}`;
  const file = (content: Buffer) => ({ content, contentType: CONTENT_TYPES[options.format], fileName });
  if (options.format === 'json') {
    const grafts: Graft[] = [];
    for (let start = 0; start < rows.length; start += PRESENT_CHUNK) {
      grafts.push(...(await presentGrafts(deps.db, rows.slice(start, start + PRESENT_CHUNK), utcDate(at))));
    }
    return file(Buffer.from(JSON.stringify(grafts, null, 1), 'utf8'));
  }
  const columnRows: ColumnRow[] = rows.map((row) => ({ ...rowToFields(row), e_Eute: bank.euteNumber ?? bank.id }));
  return file(options.format === 'csv' ? writeCsv(columnRows) : await writeXlsx(columnRows, { describe: false }));
}

/** `GET /import/template`: the header row alone (xlsx: and a sheet describing each column), for those who import. */
export async function importTemplate(principal: Principal | null, format: 'csv' | 'xlsx'): Promise<ExportFile> {
  requireTemplateReader(principal);
  const content = format === 'csv' ? writeCsv([]) : await writeXlsx([], { describe: true });
  return { content, contentType: CONTENT_TYPES[format], fileName: `graftmatch-import-template.${format}` };
}
