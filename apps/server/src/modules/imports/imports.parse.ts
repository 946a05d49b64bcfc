import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { badRequest } from '../../http/problem';
import { ReadBudget } from './imports.limits';
import { readFhirBundle } from './imports.parse.fhir';
import { readCsv, readJson } from './imports.parse.text';
import { prepend, type ImportSource, type ParsedFile, type RowSink, type SourceRow } from './imports.parse.rows';
import { readXlsx } from './imports.parse.xlsx';

// Reads an import file into rows of cells by column name, whatever its format (docs/import.md).
// The format is told by content, never by the file name: a zip (xlsx), a JSON array (the API's
// shape), a JSON object (a FHIR R5 Bundle, docs/fhir.md "Import"), or CSV text.
// Every format is read as a stream: the rows are counted and the limits checked while reading
// (docs/import.md "Limits"), so a hostile file is refused before it fills the memory.

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CHUNK_BYTES = 16 * 1024;

async function* chunksOf(source: ImportSource): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(source)) {
    for (let start = 0; start < source.length; start += CHUNK_BYTES) {
      yield source.subarray(start, start + CHUNK_BYTES);
    }
    return;
  }
  yield* createReadStream(source.path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>;
}

/** Whether a file starts as a zip (an xlsx workbook) does. */
export async function isZipFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.equals(ZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/** The file's text, decoded as it is read; refuses text that is not UTF-8 and binary data. */
async function* decodedText(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true }); // drops a byte-order mark
  const decode = (chunk?: Buffer) => {
    let text: string;
    try {
      text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw badRequest({ key: 'problem.fileNotText' });
    }
    if (text.includes('\u0000')) {
      throw badRequest({ key: 'problem.fileBinary' });
    }
    return text;
  };
  for await (const chunk of chunks) {
    yield decode(chunk);
  }
  yield decode();
}

const TEXT_FORMATS: Record<string, 'json' | 'fhir'> = { '[': 'json', '{': 'fhir' };

/** Reads text up to its first visible character, which tells a JSON array (`[`), a Bundle (`{`) and CSV apart. */
async function textFormat(texts: AsyncIterator<string>): Promise<{ format: 'csv' | 'json' | 'fhir'; head: string[] }> {
  const head: string[] = [];
  for (let next = await texts.next(); !next.done; next = await texts.next()) {
    head.push(next.value);
    const visible = /\S/.exec(next.value);
    if (visible) {
      return { format: TEXT_FORMATS[visible[0]] ?? 'csv', head };
    }
  }
  throw badRequest({ key: 'problem.fileEmpty' });
}

/**
 * Reads an import file row by row, handing each row to `mapRow` as it is read (so only what the
 * importer keeps stays in memory); a file that cannot be read, or passes a limit, answers 400.
 */
export async function parseImportFile<T>(
  source: ImportSource,
  knownColumns: readonly string[],
  mapRow: (row: SourceRow, budget: ReadBudget) => T,
): Promise<ParsedFile<T>> {
  const rows: T[] = [];
  const sink: RowSink = {
    known: new Set(knownColumns),
    budget: new ReadBudget(),
    add: (row) => rows.push(mapRow(row, sink.budget)),
  };
  const chunks = chunksOf(source);
  const first = await chunks.next();
  if (first.done || first.value.length === 0) {
    await chunks.return(undefined);
    throw badRequest({ key: 'problem.fileEmpty' });
  }
  if (first.value.subarray(0, 4).equals(ZIP_MAGIC)) {
    await chunks.return(undefined);
    return { ...(await readXlsx(source, sink)), rows };
  }
  const texts = decodedText(prepend([first.value], chunks));
  const { format, head } = await textFormat(texts);
  const text = prepend(head, texts);
  const readers = { json: readJson, fhir: readFhirBundle, csv: readCsv };
  return { ...(await readers[format](text, sink)), rows };
}
