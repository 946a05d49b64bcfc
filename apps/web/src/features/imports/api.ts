import type { ImportLogListItem, ImportResult, PageQuery } from '@graftmatch/domain';
import { call, callPage, download } from '../../api/call';
import type { DownloadedFile, ListPage } from '../../api/client';
import type { ExportFormat, TemplateFormat } from '../../api/routes';

export interface UploadOptions {
  /** Check and answer only; nothing is written. */
  dryRun: boolean;
  /** One bad row refuses the whole file. */
  strict: boolean;
  /** The tissue bank by id; left out when the caller has one bank or the file names it (`e_Eute`). */
  bank?: string | undefined;
}

/** Sends the file as multipart `file` (docs/import.md); the answer is the import log with its errors. */
export function uploadGrafts(file: File, { dryRun, strict, bank }: UploadOptions): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call('POST /import/grafts', {
    query: { dryRun: dryRun ? 'true' : 'false', strict: strict ? 'true' : 'false', bank },
    body,
  });
}

/** A page of import logs, newest first, with the number of all the caller may see. */
export function listImportLogs(page: PageQuery, signal?: AbortSignal): Promise<ListPage<ImportLogListItem>> {
  return callPage('GET /import/logs', { query: page, signal });
}

export function getImportLog(id: string): Promise<ImportResult> {
  return call('GET /import/logs/{id}', { params: { id } });
}

const FILE_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const accept = (format: ExportFormat) => `${FILE_TYPES[format]}, application/problem+json`;

/** The empty import file with its header row. */
export function downloadTemplate(format: TemplateFormat): Promise<DownloadedFile> {
  return download('GET /import/template', accept(format), { query: { format } });
}

/** The bank's grafts in the import's columns, so an export imports back unchanged. */
export function downloadExport(format: ExportFormat): Promise<DownloadedFile> {
  return download('GET /euteemployee/export', accept(format), { query: { format } });
}

/** The bank's grafts, hand-overs and implantations as a FHIR R5 Bundle (docs/fhir.md). */
export function downloadFhirExport(): Promise<DownloadedFile> {
  return download('GET /fhir/R5/$export', 'application/fhir+json');
}
