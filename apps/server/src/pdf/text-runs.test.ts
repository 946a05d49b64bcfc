import { describe, expect, test } from 'vitest';
import { FONTS, collectPdf, newPdfDocument } from './pdf-document';
import { textRuns, type TextRuns } from './text-runs';

// Text runs write what pdfkit's own `doc.text(line, x, y, { lineBreak: false })` writes: the same
// document, byte for byte, so a pdfkit update that changes its internals fails here.

const LINES: readonly [string, number, number][] = [
  ['Universitätsklinikum Nordstadt', 39, 120.5],
  ['12 – 18', 100.25, 130],
  ['Jonas Berg', 39, 140],
  ['AVATAR Wolf', 200, 150.125],
  // A combining mark without a precomposed letter is offset: set by pdfkit itself.
  ['Pe\u0301rez x\u0301y', 39, 160],
  ['', 39, 170],
  ['Universitätsklinikum Nordstadt', 39, 180],
];

/** pdfkit's own way, the reference. */
const pdfkitText = (doc: PDFKit.PDFDocument): TextRuns => ({
  line: (text, x, y) => void doc.text(text, x, y, { lineBreak: false }),
  flush: () => undefined,
});

async function render(font: string, setter: (doc: PDFKit.PDFDocument) => TextRuns): Promise<Buffer> {
  const doc = await newPdfDocument({ size: 'A4', compress: false, info: { CreationDate: new Date(0) } });
  const done = collectPdf(doc);
  const runs = setter(doc);
  const setLines = (size: number, dy: number) => {
    doc.font(font).fontSize(size);
    for (const [text, x, y] of LINES) {
      runs.line(text, x, y + dy);
    }
    runs.flush();
  };
  setLines(8, 0);
  doc.moveTo(36, 36).lineTo(100, 36).stroke();
  setLines(10, 100);
  doc.addPage();
  setLines(8, 0);
  doc.end();
  return done;
}

describe('text runs', () => {
  test.each([FONTS.regular, FONTS.bold, 'Helvetica'])('set lines in %s as doc.text does', async (font) => {
    const [pdfkit, ours] = await Promise.all([render(font, pdfkitText), render(font, textRuns)]);
    expect(ours.toString('latin1')).toBe(pdfkit.toString('latin1'));
  });
});
