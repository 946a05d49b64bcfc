// Single lines of text written straight into a page's content stream, with the operators pdfkit's
// `doc.text(line, x, y, { lineBreak: false })` writes, byte for byte. pdfkit lays out, encodes and
// writes every call anew, some ten small writes each; a table repeats its texts, so here each text
// is encoded once per document and a row is one write (docs/performance.md, demand PDF).
// This reads pdfkit internals (`_font`, `_fontSize`, `page.fonts`); text-runs.test.ts compares the
// output with `doc.text` so that a pdfkit update that changes them shows there.

interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** What pdfkit's fonts (embedded and standard) offer `_fragment`, which sets a line of text. */
interface PdfkitFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], GlyphPosition[]];
  ref(): unknown;
}

interface PdfkitState {
  _font: PdfkitFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
}

/** pdfkit's number format in content streams (`PDFObject.number`). */
const number = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** One line's show-text operator as pdfkit writes it; null when glyphs are offset (marks), which pdfkit sets apart. */
function showText(font: PdfkitFont, text: string): string | null {
  const [encoded, positions] = font.encode(text);
  const segments: string[] = [];
  let last = 0;
  const addSegment = (end: number) => {
    if (last < end) {
      const position = positions[end - 1] as GlyphPosition;
      segments.push(`<${encoded.slice(last, end).join('')}> ${number(position.advanceWidth - position.xAdvance)}`);
    }
    last = end;
  };
  for (let index = 0; index < positions.length; index += 1) {
    const position = positions[index] as GlyphPosition;
    if (position.xOffset || position.yOffset) {
      return null;
    }
    if (position.xAdvance !== position.advanceWidth) {
      addSegment(index + 1);
    }
  }
  addSegment(positions.length);
  return segments.length > 0 ? `[${segments.join(' ')}] TJ` : null;
}

export interface TextRuns {
  /** Sets one line (no wrapping) with its top left at (x, y), in the document's current font and size. */
  line(text: string, x: number, y: number): void;
  /** Writes the lines set since the last flush into the page; call before drawing anything else. */
  flush(): void;
}

/** Text runs for one document: the show-text operators are kept per font, size and text. */
export function textRuns(doc: PDFKit.PDFDocument): TextRuns {
  const state = doc as unknown as PdfkitState;
  const shown = new Map<string, string | null>();
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) {
      doc.addContent(pending.join('\n'));
      pending = [];
    }
  };
  const line = (text: string, x: number, y: number) => {
    if (text.length === 0) {
      return;
    }
    const font = state._font;
    const size = state._fontSize;
    const key = `${font.id} ${size}\u0000${text}`;
    let operator = shown.get(key);
    if (operator === undefined) {
      operator = showText(font, text);
      shown.set(key, operator);
    }
    if (operator === null) {
      flush();
      doc.text(text, x, y, { lineBreak: false });
      return;
    }
    const { page } = state;
    page.fonts[font.id] ??= font.ref();
    const baseline = page.height - y - (font.ascender / 1000) * size;
    pending.push(
      'q',
      `1 0 0 -1 0 ${number(page.height)} cm`,
      'BT',
      `1 0 0 1 ${number(x)} ${number(baseline)} Tm`,
      `/${font.id} ${number(size)} Tf`,
      operator,
      'ET',
      'Q',
    );
  };
  return { line, flush };
}
