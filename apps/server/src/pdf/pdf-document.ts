import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PRODUCT_NAME } from '@graftmatch/domain';
import type { Font } from 'fontkit';

// DejaVu covers every letter a name may hold; CI installs it (fonts-dejavu-core). Helvetica,
// built into every PDF reader, is the fallback and covers Western European letters.
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const HAS_DEJAVU = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);

/** The names documents set their text in (`doc.font(FONTS.bold)`), registered on every new document. */
export const FONTS = { regular: 'GraftMatch-Regular', bold: 'GraftMatch-Bold' } as const;

type FontSources = Record<keyof typeof FONTS, Font | string>;

let fontSources: Promise<FontSources> | undefined;

/**
 * The embedded fonts, read and parsed once per process: pdfkit would read and parse both files for
 * every document, and decode their tables and glyphs anew (docs/performance.md, demand PDF).
 * pdfkit takes a fontkit font as a font's source and keeps its subset per document.
 */
function loadFontSources(): Promise<FontSources> {
  if (!HAS_DEJAVU) {
    return Promise.resolve({ regular: 'Helvetica', bold: 'Helvetica-Bold' });
  }
  fontSources ??= (async () => {
    const [{ create }, regular, bold] = await Promise.all([import('fontkit'), readFile(DEJAVU), readFile(DEJAVU_BOLD)]);
    return { regular: create(regular) as Font, bold: create(bold) as Font };
  })();
  return fontSources;
}

/** pdfkit's word layouts of an embedded font (fontkit's shaping of each word), by word. */
type WordLayouts = Record<string, unknown>;

// Enough for several demand PDFs (one of 1,000 entries lays out some 1,400 words); past it, start anew.
const MAX_KEPT_WORDS = 10_000;
const keptWordLayouts = new Map<string, WordLayouts>();

/**
 * Opens a registered font on the document and hands it the word layouts kept for that font across
 * documents: pdfkit keeps them per document, so every PDF shaped its words anew with fontkit
 * (docs/performance.md, demand PDF). A layout depends on the font and the word only; which glyphs a
 * document embeds is still decided per document, when its text is encoded.
 */
function shareWordLayouts(doc: PDFKit.PDFDocument, name: string): void {
  doc.font(name);
  const font = (doc as unknown as { _font: { layoutCache?: WordLayouts } })._font;
  if (font.layoutCache === undefined) {
    return; // a standard font: nothing laid out
  }
  let kept = keptWordLayouts.get(name);
  if (kept === undefined || Object.keys(kept).length > MAX_KEPT_WORDS) {
    kept = Object.create(null) as WordLayouts;
    keptWordLayouts.set(name, kept);
  }
  font.layoutCache = kept;
}

/**
 * A new pdfkit document with our fonts registered. pdfkit (with its fonts and layout engine) is
 * loaded on the first document, not at start-up (docs/performance.md, cold start).
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const [{ default: PDFDocument }, sources] = await Promise.all([import('pdfkit'), loadFontSources()]);
  const doc = new PDFDocument(options);
  // pdfkit's types name paths and buffers only; its code takes a fontkit font too.
  const register = doc.registerFont.bind(doc) as (name: string, source: Font | string) => PDFKit.PDFDocument;
  register(FONTS.regular, sources.regular);
  register(FONTS.bold, sources.bold);
  // Bold first, as documents use them, so that the fonts' ids in the PDF stay as they were.
  shareWordLayouts(doc, FONTS.bold);
  shareWordLayouts(doc, FONTS.regular);
  doc.font(options.font ?? 'Helvetica');
  return doc;
}

/** Collects a pdfkit document into memory; call before drawing, then `doc.end()`. */
export function collectPdf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * A new A4 document (the factsheet, request documents) begun with its title block: the title large and
 * bold, then `lines` in the body font. Answers the document to draw on and its bytes, which come
 * once `doc.end()` is called.
 */
export async function newTitledDocument(input: {
  title: string;
  lines: readonly string[];
  generatedAt: Date;
  margin: number;
}): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { title, margin } = input;
  const doc = await newPdfDocument({
    size: 'A4',
    margin,
    info: { Title: title, Author: PRODUCT_NAME, CreationDate: input.generatedAt },
  });
  const done = collectPdf(doc);
  doc.font(FONTS.bold).fontSize(18).text(title, margin, margin);
  doc.font(FONTS.regular).fontSize(10);
  for (const line of input.lines) {
    doc.text(line);
  }
  return { doc, done };
}
