import { PRODUCT_NAME, formatInstantUtc, translate, type Language, type MessageKey } from '@graftmatch/domain';
import { FONTS, newTitledDocument } from './pdf-document';

// The documents of a graft request's loop (docs/api.md "Graft requests"): the allocation note
// at assignment, the delivery note at delivery, the traceability report at implantation or
// return. Each is drawn from the record: the request's fields and its steps as audited.

export type RequestDocumentKind = 'allocation' | 'delivery' | 'traceability';

export interface RequestDocumentInput {
  kind: RequestDocumentKind;
  lot: string;
  /** The language of its words; the rows come worded. */
  language: Language;
  /** Label and value rows: graft, bank, clinic, physician, patient, dates. */
  fields: readonly [string, string][];
  /** Each step taken so far: what, when, by whom. */
  steps: readonly { action: string; at: string; by: string }[];
  generatedAt: Date;
}

// The file name stays English whatever the document's language: it is stored and found by it.
export const requestDocumentFileName = (kind: RequestDocumentKind, lot: string) =>
  `${translate('en', `requestDocument.${kind}`).replace(/ /g, '_')}_${lot}.pdf`;

const MARGIN = 48;
const LABEL_WIDTH = 170;

export async function renderRequestDocument(input: RequestDocumentInput): Promise<Buffer> {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(input.language, key, params);
  const title = t('requestDocument.title', { document: t(`requestDocument.${input.kind}`), lot: input.lot });
  const { doc, done } = await newTitledDocument({
    title,
    lines: [t('factsheet.generated', { product: PRODUCT_NAME, time: formatInstantUtc(input.generatedAt) })],
    generatedAt: input.generatedAt,
    margin: MARGIN,
  });
  doc.moveDown();
  const valueWidth = doc.page.width - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of input.fields) {
    const y = doc.y;
    doc.fillColor('#495057').text(label, MARGIN, y, { width: LABEL_WIDTH - 8 });
    doc.fillColor('black').text(value, MARGIN + LABEL_WIDTH, y, { width: valueWidth });
    doc.y = Math.max(doc.y, y + 14);
  }
  doc.moveDown().font(FONTS.bold).fontSize(12).text(t('requestDocument.steps'), MARGIN);
  doc.font(FONTS.regular).fontSize(9);
  for (const step of input.steps) {
    doc.text(`${formatInstantUtc(step.at)}  ${step.action}  (${step.by})`, MARGIN);
  }
  doc.end();
  return done;
}
