import {
  PROCESS_STEP_NAMES,
  PRODUCT_NAME,
  formatInstantUtc,
  graftTypeWords,
  translatorFor,
  type Graft,
  type Language,
  type MessageKey,
} from '@graftmatch/domain';
import { FONTS, newTitledDocument } from './pdf-document';

// A graft's factsheet (spec §7, file type 6) when the tissue bank uploaded none: every field of
// the graft, its process steps, and its main photo.

export interface FactsheetInput {
  graft: Graft;
  /** The main photo as JPEG or PNG, or null. */
  photo: Buffer | null;
  generatedAt: Date;
  /** The language of its words; field names stay the spec's. */
  language: Language;
}

export const factsheetFileName = (lot: string) => `Factsheet_${lot}.pdf`;

const MARGIN = 48;
const LABEL_WIDTH = 170;
const STEP_STATUS: readonly MessageKey[] = ['factsheet.open', 'factsheet.done', 'factsheet.failed'];

type Doc = PDFKit.PDFDocument;
type Text = (value: unknown) => string;

function fieldRows(graft: Graft, text: Text, language: Language): [string, string][] {
  const skip = /Files$|^listStatus$/;
  const steps = new Set<string>(PROCESS_STEP_NAMES);
  return Object.entries(graft)
    .filter(([key]) => !skip.test(key) && !steps.has(key))
    .map(([key, value]) => [
      key,
      key === 't_ProdName_2' ? `${text(value)} (${graftTypeWords(graft.t_ProdName_2, language)})` : text(value),
    ]);
}

function drawRows(doc: Doc, title: string, rows: readonly [string, string][]): void {
  doc.moveDown().font(FONTS.bold).fontSize(12).text(title, MARGIN);
  doc.font(FONTS.regular).fontSize(9);
  const valueWidth = doc.page.width - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of rows) {
    const height = Math.max(doc.heightOfString(value, { width: valueWidth }), doc.heightOfString(label)) + 3;
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
    }
    const y = doc.y;
    doc.fillColor('#495057').text(label, MARGIN, y, { width: LABEL_WIDTH - 8 });
    doc.fillColor('black').text(value, MARGIN + LABEL_WIDTH, y, { width: valueWidth });
    doc.y = y + height;
  }
}

/** Renders the factsheet into memory (tens of kB, plus the photo). */
export async function renderFactsheetPdf(input: FactsheetInput): Promise<Buffer> {
  const { graft } = input;
  const t = translatorFor(input.language);
  const missing = t('common.notDocumented');
  const text: Text = (value) => (value === null || value === undefined || value === '' ? missing : String(value));
  const title = t('factsheet.title', { lot: graft.e_Lot });
  const { doc, done } = await newTitledDocument({
    title,
    lines: [
      `${graftTypeWords(graft.t_ProdName_2, input.language)} · ${text(graft.e_Name)}`,
      t('factsheet.generated', { product: PRODUCT_NAME, time: formatInstantUtc(input.generatedAt) }),
    ],
    generatedAt: input.generatedAt,
    margin: MARGIN,
  });
  if (input.photo) {
    doc.moveDown();
    doc.image(input.photo, { fit: [doc.page.width - 2 * MARGIN, 220], align: 'center' });
    doc.moveDown();
  }
  drawRows(
    doc,
    t('factsheet.steps'),
    PROCESS_STEP_NAMES.map((name) => {
      const step = graft[name];
      const status = STEP_STATUS[step.status];
      return [name, `${status ? t(status) : text(step.status)}; ${text(step.outValue)}`];
    }),
  );
  drawRows(doc, t('factsheet.graft'), fieldRows(graft, text, input.language));
  doc.end();
  return done;
}
