import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

// Import files built to hurt (docs/import.md "Limits"): many rows, wide rows, a huge shared-string
// table, a zip bomb. Written part by part as streams, so even files of millions of rows cost the
// test or the bench little memory. The tests and the import memory bench share them.

type Lines = () => Iterable<string>;

/** Yields the lines `count` at a time, so the zip is fed large strings instead of millions of small ones. */
function* batched(lines: Iterable<string>, size = 2000): Generator<string> {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length >= size) {
      yield batch.join('');
      batch = [];
    }
  }
  yield batch.join('');
}

function* range(count: number, from = 0): Generator<number> {
  for (let index = from; index < from + count; index += 1) {
    yield index;
  }
}

/** Excel's column letters of a 1-based column number. */
export function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A header row of inline strings. */
export const headerRow = (names: readonly string[]) =>
  `<row r="1">${names.map((name, index) => inlineCell(`${columnName(index + 1)}1`, name)).join('')}</row>`;

/** A workbook of one sheet, whose rows come from `rows`; `sharedStrings` adds that part. */
export function xlsxOf(rows: Lines, sharedStrings?: Lines): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const text = (name: string, content: string) => zip.addBuffer(Buffer.from(content), name);
  text(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  );
  text(
    '_rels/.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  text(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Grafts" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  text(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  if (sharedStrings) {
    const strings = function* () {
      yield `${XML}<sst xmlns="${MAIN}">`;
      yield* batched(sharedStrings());
      yield '</sst>';
    };
    zip.addReadStream(Readable.from(strings()), 'xl/sharedStrings.xml', { compressionLevel: 9 });
  }
  const sheet = function* () {
    yield `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
    yield* batched(rows());
    yield '</sheetData></worksheet>';
  };
  zip.addReadStream(Readable.from(sheet()), 'xl/worksheets/sheet1.xml', { compressionLevel: 9 });
  zip.end();
  return buffer(zip.outputStream);
}

export const NUMERIC_COLUMNS = ['e_Lot', 't_Dproximal', 't_Ddistal', 't_Lmin', 't_Lmax'];

/** `count` data rows of five numeric cells under a header of import columns. */
export function manyRowsXlsx(count: number): Promise<Buffer> {
  return xlsxOf(function* () {
    yield headerRow(NUMERIC_COLUMNS);
    for (const index of range(count, 2)) {
      yield `<row r="${index}">${NUMERIC_COLUMNS.map((_, column) => `<c r="${columnName(column + 1)}${index}"><v>${10 + column}</v></c>`).join('')}</row>`;
    }
  });
}

/** Rows of `width` numeric cells (16,384 is Excel's widest) under a header of as many names. */
export function wideRowsXlsx(count: number, width = 16_384): Promise<Buffer> {
  const columns = [...range(width, 1)].map(columnName);
  return xlsxOf(function* () {
    yield headerRow(['e_Lot', ...columns.slice(1).map((name) => `extra_${name}`)]);
    for (const index of range(count, 2)) {
      yield `<row r="${index}">${columns.map((name) => `<c r="${name}${index}"><v>${index}</v></c>`).join('')}</row>`;
    }
  });
}

/** A shared-string table of `count` distinct strings of `length` characters; the sheet uses the first. */
export function sharedStringsXlsx(count: number, length = 8): Promise<Buffer> {
  return xlsxOf(
    function* () {
      yield headerRow(['e_Lot']);
      yield '<row r="2"><c r="A2" t="s"><v>0</v></c></row>';
    },
    function* () {
      for (const index of range(count)) {
        yield `<si><t>${String(index).padStart(length, 'S')}</t></si>`;
      }
    },
  );
}

/** A small zip whose sheet unpacks to `unpackedBytes` of rows that repeat. */
export function zipBombXlsx(unpackedBytes: number): Promise<Buffer> {
  const row = '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c><c r="C2"><v>3</v></c></row>';
  return xlsxOf(function* () {
    yield headerRow(['e_Lot']);
    for (let written = 0; written < unpackedBytes; written += row.length) {
      yield row;
    }
  });
}

/** A CSV of `count` rows under the header `e_Lot,t_Dproximal`. */
export function manyRowsCsv(count: number): Buffer {
  const lines = function* () {
    for (const index of range(count)) {
      yield `L${index},22\n`;
    }
  };
  return Buffer.from(['e_Lot,t_Dproximal\n', ...batched(lines())].join(''));
}

/** A JSON array of `count` grafts. */
export function manyRowsJson(count: number): Buffer {
  return Buffer.from(`[${[...range(count)].map((index) => `{"e_Lot":"L${index}","t_Dproximal":22}`).join(',')}]`);
}

/** A CSV of `count` rows of `width` cells under a header of as many names. */
export function wideRowsCsv(count: number, width = 16_384): Buffer {
  const header = ['e_Lot', ...[...range(width - 1, 2)].map((column) => `extra_${column}`)].join(',');
  const row = new Array<string>(width).fill('1').join(',');
  return Buffer.from([header, ...new Array<string>(count).fill(row), ''].join('\n'));
}

/** A JSON array of `count` grafts, each with `keys` names the importer does not know. */
export function wideGraftsJson(count: number, keys = 10_000): Buffer {
  const graft = `{"e_Lot":"W",${[...range(keys)].map((key) => `"k${key}":1`).join(',')}}`;
  return Buffer.from(`[${new Array<string>(count).fill(graft).join(',')}]`);
}
