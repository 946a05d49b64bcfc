import { existsSync } from 'node:fs';

// DejaVu covers every letter a name may hold; CI installs it (fonts-dejavu-core). Helvetica,
// built into every PDF reader, is the fallback and covers Western European letters.
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const FONTS =
  existsSync(DEJAVU) && existsSync(DEJAVU_BOLD)
    ? { regular: DEJAVU, bold: DEJAVU_BOLD }
    : { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/**
 * A new pdfkit document. pdfkit (with its fonts and layout engine) is loaded on the first document,
 * not at start-up (docs/performance.md, cold start).
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
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
