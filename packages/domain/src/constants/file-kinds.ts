/**
 * Kinds of files attached to a lot. The numbers are the `{type}` of `/file/getzipfile/{type}/{lot}`
 * (spec §7); STL models have no number in the spec, so their kind is the string 'stl'. Traceability
 * and vigilance reports (7, 8) are ours: the app makes them, nobody uploads them (docs/api.md, "Files").
 */
export const FileKind = {
  Photos: 0,
  ReleaseStatements: 1,
  AllocationNotes: 2,
  DeliveryNotes: 3,
  Dicom: 5,
  Factsheet: 6,
  TraceabilityReports: 7,
  VigilanceReports: 8,
  Stl: 'stl',
} as const;
export type FileKind = (typeof FileKind)[keyof typeof FileKind];

interface FileKindInfo {
  readonly kind: FileKind;
  /** The kind's name in storage (`graft_files.kind`, `<dataDir>/files/<e_Lot>/<name>/`). */
  readonly name: string;
  /** The graft field listing files of this kind; the spec gives the factsheet none. */
  readonly graftField: string | null;
}

export const FILE_KINDS = [
  { kind: FileKind.Photos, name: 'photos', graftField: 'fotoFiles' },
  { kind: FileKind.ReleaseStatements, name: 'releaseStatements', graftField: 'releaseStatementFiles' },
  { kind: FileKind.AllocationNotes, name: 'allocationNotes', graftField: 'allocationNotificationFiles' },
  { kind: FileKind.DeliveryNotes, name: 'deliveryNotes', graftField: 'deliveryNoteFiles' },
  { kind: FileKind.Dicom, name: 'dicom', graftField: 'dicomFiles' },
  { kind: FileKind.Factsheet, name: 'factsheet', graftField: null },
  { kind: FileKind.TraceabilityReports, name: 'traceabilityReports', graftField: 'traceabilityReportFiles' },
  { kind: FileKind.VigilanceReports, name: 'vigilanceReports', graftField: 'vigilanceReportFiles' },
  { kind: FileKind.Stl, name: 'stl', graftField: 'stlFiles' },
] as const satisfies readonly FileKindInfo[];

type FileKindEntry = (typeof FILE_KINDS)[number];
export type FileKindName = FileKindEntry['name'];
export type GraftFileField = NonNullable<FileKindEntry['graftField']>;

function fileKindInfo(kind: FileKind): FileKindEntry {
  const info = FILE_KINDS.find((candidate) => candidate.kind === kind);
  if (!info) {
    throw new RangeError(`Unknown file kind ${String(kind)}`);
  }
  return info;
}

export function fileKindName(kind: FileKind): FileKindName {
  return fileKindInfo(kind).name;
}

export function fileKindFromName(name: string): FileKind | null {
  return FILE_KINDS.find((info) => info.name === name)?.kind ?? null;
}

/** The graft field listing files of this kind; null for the factsheet. */
export function graftFileField(kind: FileKind): GraftFileField | null {
  return fileKindInfo(kind).graftField;
}

/** Reads a route's `{type}` segment ('0', ..., '8', 'stl'); null when it names no kind. */
export function parseFileKind(segment: string): FileKind | null {
  return FILE_KINDS.find((info) => String(info.kind) === segment)?.kind ?? null;
}
