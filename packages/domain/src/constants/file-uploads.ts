import { FileKind } from './file-kinds';

/**
 * What may be uploaded per kind (docs/api.md, "Files"): the types checked by content on the
 * server, the file-name endings the web's picker offers, and the size limit.
 */
export interface FileUploadRule {
  /** Content types accepted, as detected from the bytes. */
  readonly contentTypes: readonly string[];
  /** For the picker's `accept`; the server never trusts a name. */
  readonly extensions: readonly string[];
  readonly maxBytes: number;
}

const MB = 1024 * 1024;

const PDF: FileUploadRule = { contentTypes: ['application/pdf'], extensions: ['.pdf'], maxBytes: 50 * MB };

export const FILE_UPLOAD_RULES: Readonly<Record<string, FileUploadRule>> = {
  [String(FileKind.Photos)]: {
    contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
    extensions: ['.jpg', '.jpeg', '.png', '.webp'],
    maxBytes: 25 * MB,
  },
  [String(FileKind.ReleaseStatements)]: PDF,
  [String(FileKind.AllocationNotes)]: PDF,
  [String(FileKind.DeliveryNotes)]: PDF,
  [String(FileKind.Factsheet)]: PDF,
  [String(FileKind.Dicom)]: {
    contentTypes: ['application/dicom', 'application/zip'],
    extensions: ['.dcm', '.zip'],
    maxBytes: 1024 * MB,
  },
  [String(FileKind.Stl)]: { contentTypes: ['model/stl'], extensions: ['.stl'], maxBytes: 200 * MB },
};

/** Whether users may upload files of this kind; the app alone makes traceability and vigilance reports. */
export function isUploadableKind(kind: FileKind): boolean {
  return FILE_UPLOAD_RULES[String(kind)] !== undefined;
}

export function fileUploadRule(kind: FileKind): FileUploadRule {
  const rule = FILE_UPLOAD_RULES[String(kind)];
  if (!rule) {
    throw new RangeError(`Unknown file kind ${String(kind)}`);
  }
  return rule;
}

/** At most this many files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 20;
/** A DICOM zip may hold at most this many entries, this much unpacked, and expand each entry at most this much. */
export const DICOM_ZIP_LIMITS = { maxEntries: 10_000, maxTotalBytes: 4096 * MB, maxRatio: 100 } as const;
