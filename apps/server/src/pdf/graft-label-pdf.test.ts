import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { aGraft } from '@graftmatch/domain/testing';
import { pdfText } from '../../test/support/pdf';
import { labelSizes, labelSymbols, renderGraftLabelPdf } from './graft-label-pdf';

// Every symbol a label carries decodes back, with ZXing (the reader the web's fallback scanner
// uses), to the very string it was made from: ISBT 128 `&,4` + the SEC, or the lot.

const require = createRequire(import.meta.url);
const run = promisify(execFile);

beforeAll(async () => {
  // The reader's .wasm from node_modules: its default location is a CDN.
  const wasmBinary = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer as ArrayBuffer }, fireImmediately: true });
});

const decode = async (png: Buffer, format: 'Code128' | 'DataMatrix') => {
  const found = await readBarcodes(new Uint8Array(png), { formats: [format], tryHarder: true, maxNumberOfSymbols: 1 });
  return found.map((symbol) => ({ format: symbol.format, text: symbol.text }));
};

// From the demo data (apps/server/demo/), one with and one without expiry date.
const GRAFTS = [
  { e_Lot: 'EB1-2021-0001', x_SEC: 'DE000123 2021264932585 E0042108 001 20260704' },
  { e_Lot: 'EB2-2021-0001', x_SEC: 'DE000456 2021697086150 E0042107 001 20260627' },
  { e_Lot: 'EB1-2030-0001', x_SEC: 'DE0001232030264932585E004210800100000000' },
  { e_Lot: 'EB1-2022-0002', x_SEC: null },
];

describe('graft labels', () => {
  it.each(GRAFTS)('the Code 128 and Data Matrix of $e_Lot decode to the data they were made from', async (graft) => {
    const symbols = await labelSymbols(graft);
    const expected = graft.x_SEC === null ? graft.e_Lot : `&,4${graft.x_SEC.replaceAll(' ', '')}`;
    expect(symbols.data).toBe(expected);
    expect(await decode(symbols.code128, 'Code128')).toEqual([{ format: 'Code128', text: expected }]);
    expect(await decode(symbols.dataMatrix, 'DataMatrix')).toEqual([{ format: 'DataMatrix', text: expected }]);
  });

  it('prints the SEC eye-readable in two sequences, with type and sizes; the printed page decodes too', async () => {
    const graft = aGraft({ e_Lot: 'EB1-2021-0001', x_SEC: GRAFTS[0]!.x_SEC });
    const data = `&,4${GRAFTS[0]!.x_SEC!.replaceAll(' ', '')}`;
    for (const [format, labels] of [
      ['100x50', 1],
      ['a4', 10],
    ] as const) {
      const pdf = await renderGraftLabelPdf(graft, format, new Date('2026-11-27T00:00:00Z'), 'en');
      const text = await pdfText(pdf);
      expect(text.match(/SEC +DE000123 2021264932585/g)?.length, text).toBe(labels);
      expect(text.match(/E0042108 001 20260704/g)?.length).toBe(labels);
      expect(text.match(/Aortic valve/g)?.length).toBe(labels);
      expect(text.match(new RegExp(`Use by ${graft.expiry.outValue}`, 'g'))?.length, text).toBe(labels);
      for (const line of labelSizes(graft, 'en')) {
        expect(text).toContain(line);
      }
      // The page as a printer draws it (poppler at 600 dpi): the first label's symbols read back.
      const page = await pdfPage(pdf, format === 'a4' ? { x: 0, y: 0, w: 2600, h: 1700 } : null);
      const read = await readBarcodes(new Uint8Array(page), { formats: ['Code128', 'DataMatrix'], tryHarder: true });
      expect(read.map((symbol) => [symbol.format, symbol.text]).sort()).toEqual([
        ['Code128', data],
        ['DataMatrix', data],
      ]);
    }
  });
});

describe('a label in German', () => {
  it('words the type, the sizes and a missing SEC in German; codes, LOT and sizes stay as they are', async () => {
    const graft = aGraft({ e_Lot: 'EB1-2022-0002', x_SEC: null, t_Lmin: 30, t_Lmax: 35 });
    const text = await pdfText(await renderGraftLabelPdf(graft, '100x50', new Date('2026-11-27T00:00:00Z'), 'de'));
    expect(text).toContain('Aortenklappe');
    expect(text).toContain('Länge min. / max. 30 / 35 mm');
    expect(text).toContain('Kein SEC erfasst · Lot EB1-2022-0002');
    expect(text).toContain(`Verwendbar bis ${graft.expiry.outValue}`);
    expect(text).not.toMatch(/Aortic valve|Length|No SEC recorded/);
  });
});

/** The first page rendered as PNG at 600 dpi by poppler's pdftoppm, optionally cropped (pixels). */
async function pdfPage(pdf: Buffer, crop: { x: number; y: number; w: number; h: number } | null): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'graftmatch-label-'));
  try {
    const file = path.join(dir, 'label.pdf');
    await writeFile(file, pdf);
    const area = crop ? ['-x', crop.x, '-y', crop.y, '-W', crop.w, '-H', crop.h].map(String) : [];
    await run('pdftoppm', [
      '-png',
      '-r',
      '600',
      '-singlefile',
      '-f',
      '1',
      '-l',
      '1',
      ...area,
      file,
      path.join(dir, 'page'),
    ]);
    return await readFile(path.join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
