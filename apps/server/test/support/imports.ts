import ExcelJS from 'exceljs';
import type { TestClient } from './client';

// Helpers for the graft import tests (docs/import.md): files in each format, and the upload itself.

export type Cells = Record<string, string | number | null>;

/** Every column any row has, in order of first appearance. */
const columnsOf = (rows: readonly Cells[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))];

/** A CSV file: the header names every row's columns, `;` or `,` between cells, optionally with a BOM. */
export function csvFile(rows: readonly Cells[], options: { delimiter?: ',' | ';'; bom?: boolean } = {}): Buffer {
  const delimiter = options.delimiter ?? ',';
  const columns = columnsOf(rows);
  const quote = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    columns.join(delimiter),
    ...rows.map((row) => columns.map((name) => quote(row[name] ?? null)).join(delimiter)),
  ];
  return Buffer.from(`${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`, 'utf8');
}

/** An xlsx workbook with one sheet: header row, then the rows; numbers stay numbers. */
export async function xlsxFile(rows: readonly Cells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Grafts');
  const columns = columnsOf(rows);
  sheet.addRow(columns);
  rows.forEach((row) => sheet.addRow(columns.map((name) => row[name] ?? null)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a file to `POST /api/import/grafts` as multipart field `file`. */
export function uploadImport(
  client: TestClient,
  content: Buffer | string,
  query: Record<string, string> = {},
  options: { fileName?: string; headers?: Record<string, string>; auth?: boolean; xsrf?: boolean } = {},
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([content]), options.fileName ?? 'grafts.csv');
  const search = new URLSearchParams(query).toString();
  return client.request('POST', `/api/import/grafts${search ? `?${search}` : ''}`, {
    body: form,
    headers: options.headers,
    auth: options.auth,
    xsrf: options.xsrf,
  });
}

/** A released, free graft row in import columns; tests override what their story is about. */
export function graftCells(lot: string, overrides: Cells = {}): Cells {
  return {
    e_Lot: lot,
    x_Lot: `X-${lot}`,
    t_ProdName_2: 5,
    t_Dproximal: 22,
    t_Ddistal: 24,
    t_Lmin: 30,
    t_Lmax: 55,
    processedUntil: '2026-01-12',
    'decellularization.status': 1,
    'decellularization.outValue': '2026-01-12',
    'release.status': 1,
    'release.outValue': '2026-01-20',
    'expiry.status': 0,
    'expiry.outValue': '2030-01-20',
    ...overrides,
  };
}
