/**
 * Kinds of files attached to a lot. The numbers are the `{type}` of `/file/getzipfile/{type}/{lot}`
 * (spec §7); STL models have no number in the spec, so their kind is the string 'stl'.
 */
export const FileKind = {
  Photos: 0,
  ReleaseStatements: 1,
  AllocationNotes: 2,
  DeliveryNotes: 3,
  Dicom: 5,
  Factsheet: 6,
  Stl: 'stl',
} as const;
export type FileKind = (typeof FileKind)[keyof typeof FileKind];

export const FILE_KINDS: readonly FileKind[] = Object.values(FileKind);

/** The graft field that lists the files of each kind. */
export const GRAFT_FILE_FIELDS = {
  [FileKind.Photos]: 'fotoFiles',
  [FileKind.ReleaseStatements]: 'releaseStatementFiles',
  [FileKind.AllocationNotes]: 'allocationNotificationFiles',
  [FileKind.DeliveryNotes]: 'deliveryNoteFiles',
  [FileKind.Dicom]: 'dicomFiles',
  [FileKind.Stl]: 'stlFiles',
} as const;
export type GraftFileField = (typeof GRAFT_FILE_FIELDS)[keyof typeof GRAFT_FILE_FIELDS];

/** The graft field listing files of this kind; null for the factsheet, which the spec gives no list. */
export function graftFileField(kind: FileKind): GraftFileField | null {
  return kind === FileKind.Factsheet ? null : GRAFT_FILE_FIELDS[kind];
}

/** Reads a route's `{type}` segment ('0', ..., '6', 'stl'); null when it names no kind. */
export function parseFileKind(segment: string): FileKind | null {
  return FILE_KINDS.find((kind) => String(kind) === segment) ?? null;
}
