import {
  formatSingleEuropeanCode,
  graftTypeWords,
  isGraftTypeNumber,
  translatorFor,
  type Language,
  isbt128SecData,
  parseSingleEuropeanCode,
  toIsoDate,
  type Graft,
} from '@graftmatch/domain';
import { FONTS, collectPdf, newPdfDocument } from './pdf-document';

// A graft's package label (docs/decisions.md, "Labels"): the Single European Code eye-readable as
// Directive (EU) 2015/565 sets it (the acronym SEC, the donation identification sequence and the
// product identification sequence on two lines), the same code as ISBT 128 data structure 038 in a
// Code 128 and a Data Matrix symbol, and the graft's type and sizes. A graft without SEC carries
// its lot in both symbols. Its words follow the language asked for; codes, LOT and sizes stay as they are.

/** One label of 100 × 50 mm on a label printer, or an A4 sheet of ten (two columns, five rows). */
export type LabelFormat = 'a4' | '100x50';

export const labelFileName = (lot: string, format: LabelFormat) => `Label_${lot}_${format}.pdf`;

const MM = 72 / 25.4;
const LABEL = { width: 100 * MM, height: 50 * MM };
const PAD = 3 * MM;
const MATRIX_SIDE = 20 * MM;
const LINEAR_HEIGHT = 11 * MM;
const A4 = { width: 210 * MM, height: 297 * MM, columns: 2, rows: 5 };

/** What the label's symbols hold and the symbols as PNG, exactly as embedded in the PDF. */
export interface LabelSymbols {
  /** `&,4` + the 40-character SEC, or the lot of a graft without SEC. */
  data: string;
  code128: Buffer;
  dataMatrix: Buffer;
}

/** The SEC's parts of a graft, or null when it has none (or a stored one no longer reads). */
function secParts(graft: Pick<Graft, 'x_SEC'>) {
  if (graft.x_SEC === null) {
    return null;
  }
  const parts = parseSingleEuropeanCode(graft.x_SEC);
  return 'error' in parts ? null : parts;
}

/** Renders the label's Code 128 and Data Matrix with bwip-js (loaded on the first label). */
export async function labelSymbols(graft: Pick<Graft, 'e_Lot' | 'x_SEC'>): Promise<LabelSymbols> {
  const { toBuffer } = await import('bwip-js/node');
  const parts = secParts(graft);
  const data = parts ? isbt128SecData(parts) : graft.e_Lot;
  const [code128, dataMatrix] = await Promise.all([
    toBuffer({ bcid: 'code128', text: data, scale: 4, height: 10, paddingwidth: 10, backgroundcolor: 'FFFFFF' }),
    toBuffer({ bcid: 'datamatrix', text: data, scale: 8, padding: 2, backgroundcolor: 'FFFFFF' }),
  ]);
  return { data, code128, dataMatrix };
}

const mm = (value: number | null) => (value === null ? null : String(Number(value.toFixed(1))));

/** The sizes a surgeon checks on the package, in millimetres; parts the graft lacks are left out. */
export function labelSizes(graft: Graft, language: Language): string[] {
  const t = translatorFor(language);
  const pair = (a: number | null, b: number | null) =>
    a === null && b === null ? null : `${mm(a) ?? '–'} / ${mm(b) ?? '–'}`;
  const lines = [
    ['label.diameters', pair(graft.t_Dproximal, graft.t_Ddistal)],
    ['label.lengths', pair(graft.t_Lmin, graft.t_Lmax)],
    ['label.branchDiameters', pair(graft.t_Dleft, graft.t_Dright)],
    ['label.branchLengths', pair(graft.t_Lleft, graft.t_Lright)],
  ] as const;
  return lines.flatMap(([key, sizes]) => (sizes === null ? [] : [t(key, { sizes })]));
}

type Doc = PDFKit.PDFDocument;
/** An image read once and drawn many times; pdfkit has `openImage`, its types do not name it. */
type Image = Parameters<Doc['image']>[0];
const openImage = (doc: Doc, png: Buffer): Image =>
  (doc as unknown as { openImage(src: Buffer): Image }).openImage(png);

interface LabelPlace {
  images: { code128: Image; dataMatrix: Image };
  language: Language;
  x: number;
  y: number;
}

function drawLabel(doc: Doc, graft: Graft, { images, language, x, y }: LabelPlace): void {
  const t = translatorFor(language);
  const notDocumented = t('common.notDocumented');
  const textWidth = LABEL.width - 2 * PAD - MATRIX_SIDE - 2 * MM;
  const type = isGraftTypeNumber(graft.t_ProdName_2) ? graftTypeWords(graft.t_ProdName_2, language) : notDocumented;
  doc.image(images.dataMatrix, x + LABEL.width - PAD - MATRIX_SIDE, y + PAD, {
    width: MATRIX_SIDE,
    height: MATRIX_SIDE,
  });
  doc.fillColor('black').font(FONTS.bold).fontSize(9);
  doc.text(type, x + PAD, y + PAD, { width: textWidth, lineBreak: false, ellipsis: true });
  doc.font(FONTS.regular).fontSize(6.5);
  for (const line of labelSizes(graft, language)) {
    doc.text(line, { width: textWidth, lineBreak: false });
  }
  doc.text(t('label.lot', { lot: graft.e_Lot, name: graft.e_Name ?? notDocumented }), {
    width: textWidth,
    lineBreak: false,
    ellipsis: true,
  });
  // The SEC carries the expiry as eight digits; the person at the shelf reads a date.
  doc
    .font(FONTS.bold)
    .fontSize(7.5)
    .text(t('label.expiry', { date: toIsoDate(graft.expiry.outValue) ?? notDocumented }), {
      width: textWidth,
      lineBreak: false,
    });

  const secTop = y + PAD + MATRIX_SIDE + 1 * MM;
  const parts = secParts(graft);
  if (parts) {
    // Directive (EU) 2015/565: "SEC", then the donation and the product identification sequences.
    const [establishment, donation, product, split, expiry] = formatSingleEuropeanCode(parts).split(' ');
    doc
      .font(FONTS.bold)
      .fontSize(9)
      .text('SEC', x + PAD, secTop, { lineBreak: false });
    doc.font(FONTS.regular).fontSize(9);
    doc.text(`${establishment} ${donation}`, x + PAD + 9 * MM, secTop, { lineBreak: false });
    doc.text(`${product} ${split} ${expiry}`, x + PAD + 9 * MM, secTop + 4 * MM, { lineBreak: false });
  } else {
    doc
      .font(FONTS.regular)
      .fontSize(8)
      .text(t('label.noSec', { lot: graft.e_Lot }), x + PAD, secTop, {
        width: LABEL.width - 2 * PAD,
        lineBreak: false,
      });
  }
  doc.image(images.code128, x + PAD, y + LABEL.height - PAD - LINEAR_HEIGHT, {
    width: LABEL.width - 2 * PAD,
    height: LINEAR_HEIGHT,
  });
}

/** The graft's label sheet as a PDF: one 100 × 50 mm page, or ten labels on A4 with cut lines. */
export async function renderGraftLabelPdf(
  graft: Graft,
  format: LabelFormat,
  generatedAt: Date,
  language: Language,
): Promise<Buffer> {
  const symbols = await labelSymbols(graft);
  const size = format === 'a4' ? [A4.width, A4.height] : [LABEL.width, LABEL.height];
  const doc = await newPdfDocument({
    size,
    margin: 0,
    info: { Title: translatorFor(language)('label.title', { lot: graft.e_Lot }), CreationDate: generatedAt },
  });
  const done = collectPdf(doc);
  const images = { code128: openImage(doc, symbols.code128), dataMatrix: openImage(doc, symbols.dataMatrix) };
  if (format === '100x50') {
    drawLabel(doc, graft, { images, language, x: 0, y: 0 });
  } else {
    const left = (A4.width - A4.columns * LABEL.width) / 2;
    const top = (A4.height - A4.rows * LABEL.height) / 2;
    for (let row = 0; row < A4.rows; row += 1) {
      for (let column = 0; column < A4.columns; column += 1) {
        const x = left + column * LABEL.width;
        const y = top + row * LABEL.height;
        doc.lineWidth(0.3).strokeColor('#adb5bd').rect(x, y, LABEL.width, LABEL.height).stroke();
        drawLabel(doc, graft, { images, language, x, y });
      }
    }
  }
  doc.end();
  return done;
}
