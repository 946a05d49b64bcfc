import {
  PRODUCT_NAME,
  formatInstantUtc,
  graftTypeWords,
  isGraftTypeNumber,
  toIsoDate,
  translate,
  type Language,
  type MessageKey,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { FONTS, collectPdf, newPdfDocument } from './pdf-document';
import { textRuns, type TextRuns } from './text-runs';

// The tissue bank's waiting-list PDF (spec §7): A4 landscape, a header (title, tissue bank,
// generation time in UTC), one table row per open entry, page numbers in every footer.

export interface WaitingListPdfInput {
  entries: readonly WaitingListEntry[];
  /** All open entries, when `entries` was cut at the limit. */
  total: number;
  /** The tissue banks it is printed for; empty means every bank (an auditor's copy). */
  banks: readonly string[];
  generatedAt: Date;
  /** The language of its words; the values (codes, names, dates as yyyy-mm-dd) are the same in both. */
  language: Language;
}

/** `WaitingList_<timestamp>.pdf`, the timestamp in UTC as yyyyMMddTHHmmssZ. */
export function waitingListFileName(generatedAt: Date): string {
  return `WaitingList_${generatedAt
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}.pdf`;
}

const MARGIN = 36;
const FONT_SIZE = 8;
const CELL_PADDING = 3;
const FOOTER_HEIGHT = 20;

interface Column {
  title: MessageKey;
  width: number;
  cell(entry: WaitingListEntry, missing: string, language: Language): string;
}

const mm = (value: number) => String(Number(value.toFixed(1)));
const date = (value: string | null, missing: string) => toIsoDate(value) ?? missing;

// Widths chosen so that the usual cell fits one line (A4 landscape holds 770 pt inside the
// margins): a cell that must wrap costs pdfkit's line wrapper, the slowest part of the PDF. Every
// word of a title fits its column in both languages, so titles wrap between words, never inside
// one (docs/decisions.md, "Locale done properly"); waiting-list-pdf.test.ts holds them to it.
const COLUMNS: readonly Column[] = [
  { title: 'waitingListPdf.column.patientCode', width: 72, cell: (e) => e.patient_Code },
  {
    title: 'waitingListPdf.column.graftType',
    width: 124,
    cell: (e, missing, language) =>
      isGraftTypeNumber(e.query_Type) ? graftTypeWords(e.query_Type, language) : missing,
  },
  { title: 'waitingListPdf.column.diameter', width: 66, cell: (e) => `${mm(e.query_d_min)} – ${mm(e.query_d_max)}` },
  {
    title: 'waitingListPdf.column.lengths',
    width: 68,
    cell: (e) => `${mm(e.query_l_min)} / ${mm(e.query_l_l_min)} / ${mm(e.query_l_r_min)}`,
  },
  {
    title: 'waitingListPdf.column.implantWindow',
    width: 110,
    cell: (e, missing) => `${date(e.query_i_min, missing)} – ${date(e.query_i_max, missing)}`,
  },
  {
    title: 'waitingListPdf.column.physician',
    width: 128,
    cell: (e, missing) =>
      [e.physician_Name, e.physician_Email, e.physician_Phone].filter(Boolean).join('\n') || missing,
  },
  { title: 'waitingListPdf.column.clinic', width: 90, cell: (e) => e.c_Name },
  { title: 'waitingListPdf.column.added', width: 62, cell: (e, missing) => date(e.query_timestamp, missing) },
  { title: 'waitingListPdf.column.fitting', width: 50, cell: (e) => String(e.matchingGrafts) },
];

type Doc = PDFKit.PDFDocument;

interface CellLayout {
  height: number;
  /** The cell's lines as set: its own lines when each fits the column, else as pdfkit wraps them. */
  lines: string[];
}

const textWidth = (column: number) => (COLUMNS[column]?.width ?? 0) - 2 * CELL_PADDING;

/** The lines pdfkit's line wrapper breaks a text into at a width (what `doc.text` with a width sets). */
function wrappedLines(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  const { x, y } = doc;
  // `_text` is how `heightOfString` runs the wrapper; pdfkit offers no public way to get the lines.
  const internals = doc as unknown as {
    _text(text: string, x: number, y: number, options: object, line: (line: string) => void): void;
  };
  internals._text(text, x, y, { width, height: Infinity }, (line) => lines.push(line));
  doc.x = x;
  doc.y = y;
  return lines;
}

/**
 * Cell layouts, measured once per text and column: most cells repeat (clinics, physicians, dates,
 * sizes), and laying out text is most of the PDF's cost (docs/performance.md, demand PDF). A cell
 * that must wrap is wrapped here once, and its lines are set like those of any other cell.
 */
function cellMeasure(doc: Doc) {
  const layouts = new Map<string, CellLayout>();
  return (text: string, column: number): CellLayout => {
    const key = `${column}\u0000${text}`;
    let layout = layouts.get(key);
    if (layout === undefined) {
      const width = textWidth(column);
      const own = text.split('\n');
      const lines = own.every((line) => doc.widthOfString(line) <= width) ? own : wrappedLines(doc, text, width);
      layout = { height: lines.length * doc.currentLineHeight(true), lines };
      layouts.set(key, layout);
    }
    return layout;
  };
}
type CellMeasure = ReturnType<typeof cellMeasure>;

/** How a document sets table rows: its text runs, and the cell measures of the body and of the bold titles. */
interface Table {
  runs: TextRuns;
  cells: CellMeasure;
  titles: CellMeasure;
}

function rowHeight(measure: CellMeasure, cells: readonly string[]): number {
  return Math.max(...cells.map((text, column) => measure(text, column).height)) + 2 * CELL_PADDING;
}

function drawRow(
  doc: Doc,
  runs: TextRuns,
  measure: CellMeasure,
  cells: readonly string[],
  y: number,
  height: number,
  header: boolean,
): void {
  let x = MARGIN;
  if (header) {
    doc.rect(MARGIN, y, tableWidth(), height).fill('#e8edf3').fillColor('black');
  }
  const lineHeight = doc.currentLineHeight(true);
  cells.forEach((text, column) => {
    measure(text, column).lines.forEach((line, index) => {
      runs.line(line, x + CELL_PADDING, y + CELL_PADDING + index * lineHeight);
    });
    x += COLUMNS[column]?.width ?? 0;
  });
  runs.flush();
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + tableWidth(), y + height)
    .lineWidth(0.5)
    .strokeColor('#9aa5b1')
    .stroke();
}

const tableWidth = () => COLUMNS.reduce((sum, column) => sum + column.width, 0);

function drawHeader(doc: Doc, input: WaitingListPdfInput): number {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(input.language, key, params);
  doc
    .font(FONTS.bold)
    .fontSize(16)
    .text(t('waitingListPdf.title', { product: PRODUCT_NAME }), MARGIN, MARGIN);
  doc.font(FONTS.regular).fontSize(10);
  doc.text(
    t('waitingListPdf.bank', {
      banks: input.banks.length > 0 ? input.banks.join(', ') : t('waitingListPdf.allBanks'),
    }),
  );
  doc.text(t('waitingListPdf.generated', { time: formatInstantUtc(input.generatedAt) }));
  const shown = input.entries.length;
  doc.text(
    shown < input.total
      ? t('waitingListPdf.openCut', { total: input.total, shown })
      : t('waitingListPdf.open', { shown }),
  );
  return doc.y + 10;
}

function drawTableHeader(doc: Doc, table: Table, y: number, language: Language): number {
  doc.font(FONTS.bold).fontSize(FONT_SIZE);
  const titles = COLUMNS.map((column) => translate(language, column.title));
  const height = rowHeight(table.titles, titles);
  drawRow(doc, table.runs, table.titles, titles, y, height, true);
  doc.font(FONTS.regular).fontSize(FONT_SIZE);
  return y + height;
}

function drawFooters(doc: Doc, language: Language): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONTS.regular)
      .fontSize(FONT_SIZE)
      .text(
        translate(language, 'waitingListPdf.page', { page: index + 1, pages: range.count }),
        MARGIN,
        doc.page.height - MARGIN,
        {
          width: tableWidth(),
          align: 'right',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
}

/** Renders the PDF into memory (a few hundred kB at the entry limit). */
export async function renderWaitingListPdf(input: WaitingListPdfInput): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: translate(input.language, 'waitingListPdf.title', { product: PRODUCT_NAME }),
      Author: PRODUCT_NAME,
      CreationDate: input.generatedAt,
    },
  });
  const done = collectPdf(doc);

  const bottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;
  // The titles are bold: measured apart from the regular cells.
  const table: Table = { runs: textRuns(doc), cells: cellMeasure(doc), titles: cellMeasure(doc) };
  let y = drawTableHeader(doc, table, drawHeader(doc, input), input.language);
  if (input.entries.length === 0) {
    doc.text(translate(input.language, 'waitingListPdf.none'), MARGIN + CELL_PADDING, y + CELL_PADDING);
  }
  const missing = translate(input.language, 'common.notDocumented');
  for (const entry of input.entries) {
    const cells = COLUMNS.map((column) => column.cell(entry, missing, input.language));
    const height = rowHeight(table.cells, cells);
    if (y + height > bottom()) {
      doc.addPage();
      y = drawTableHeader(doc, table, MARGIN, input.language);
    }
    drawRow(doc, table.runs, table.cells, cells, y, height, false);
    y += height;
  }
  drawFooters(doc, input.language);
  doc.end();
  return done;
}
