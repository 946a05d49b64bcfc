import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
