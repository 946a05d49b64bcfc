import { PRODUCT_NAME } from '@graftmatch/domain';
import { imageTransformer } from '../../modules/files/thumbnail';
import { FONTS, collectPdf, newPdfDocument } from '../../pdf/pdf-document';

/** A one-page PDF with a title and lines of text (release statements, delivery notes). */
export async function simplePdf(title: string, lines: readonly string[], createdAt: Date): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: PRODUCT_NAME, CreationDate: createdAt },
  });
  const done = collectPdf(doc);
  doc.font(FONTS.bold).fontSize(16).text(title);
  doc.moveDown().font(FONTS.regular).fontSize(11);
  for (const line of lines) {
    doc.text(line);
  }
  doc.end();
  return done;
}

/** A photo-like JPEG: a coloured field with a graft-shaped ellipse and a caption. */
export async function demoPhoto(caption: string, hue: number, width = 800, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},45%,80%)"/><stop offset="1" stop-color="hsl(${hue},40%,45%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="hsl(${hue},15%,20%)"/>
    <ellipse cx="${width / 2}" cy="${height / 2}" rx="${width * 0.3}" ry="${height * 0.18}" fill="url(#g)"/>
    <text x="24" y="${height - 28}" font-family="sans-serif" font-size="28" fill="white">${caption.replace(/[<&>]/g, '')}</text>
  </svg>`;
  return (await imageTransformer(Buffer.from(svg))).jpeg({ quality: 80 }).toBuffer();
}
