import { open } from 'node:fs/promises';
import { DICOM_ZIP_LIMITS, FileKind, fileUploadRule, translateMessage, type Message } from '@graftmatch/domain';
import { fileTypeFromBuffer } from 'file-type';
import { inspectZip } from './zip-inspect';

// Type by content, never by name (docs/api.md, "What comes in is checked").

/** Why a file was refused: 415 for a type the kind does not take, 413 for a zip that unpacks too far. */
export class ContentRefusal extends Error {
  override name = 'ContentRefusal';
  constructor(
    readonly status: 400 | 413 | 415,
    readonly wording: Message,
  ) {
    super(translateMessage('en', wording));
  }
}

const HEAD_BYTES = 4100;

async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** DICOM Part 10: a 128-byte preamble, then `DICM`. */
export function isDicomPart10(head: Buffer): boolean {
  return head.length >= 132 && head.toString('latin1', 128, 132) === 'DICM';
}

/** Binary STL: 80-byte header, triangle count, 50 bytes a triangle; ASCII STL: `solid ... facet`. */
export function isStl(head: Buffer, size: number): boolean {
  if (size >= 84 && head.length >= 84 && 84 + head.readUInt32LE(80) * 50 === size) {
    return true;
  }
  const text = head.toString('latin1');
  // eslint-disable-next-line no-control-regex
  return /^\s*solid\b/.test(text) && /\bfacet\b|\bendsolid\b/.test(text) && !/[\x00-\x08\x0e-\x1f]/.test(text);
}

async function detectDicom(file: string, head: Buffer): Promise<string | null> {
  if (isDicomPart10(head)) {
    return 'application/dicom';
  }
  if ((await fileTypeFromBuffer(head))?.mime !== 'application/zip') {
    return null;
  }
  const problem = await inspectZip(file, DICOM_ZIP_LIMITS, isDicomPart10);
  if (problem) {
    throw new ContentRefusal(problem.status, problem.wording);
  }
  return 'application/zip';
}

/**
 * The content type of a staged upload of `kind`, checked against the kind's allow-list.
 * Throws ContentRefusal when the bytes are not what the kind takes.
 */
export async function checkContent(kind: FileKind, file: string, size: number, name: string): Promise<string> {
  const rule = fileUploadRule(kind);
  if (size === 0) {
    throw new ContentRefusal(400, { key: 'problem.files.empty', params: { name } });
  }
  const head = await readHead(file);
  let detected: string | null;
  if (kind === FileKind.Stl) {
    detected = isStl(head, size) ? 'model/stl' : null;
  } else if (kind === FileKind.Dicom) {
    detected = await detectDicom(file, head);
  } else {
    detected = (await fileTypeFromBuffer(head))?.mime ?? null;
  }
  if (!detected || !rule.contentTypes.includes(detected)) {
    const extensions = rule.extensions.join(', ');
    throw new ContentRefusal(
      415,
      detected
        ? { key: 'problem.files.wrongType', params: { name, extensions, detected } }
        : { key: 'problem.files.wrongTypeUnknown', params: { name, extensions } },
    );
  }
  return detected;
}
