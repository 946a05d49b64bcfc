import {
  FILE_UPLOAD_RULES,
  FileKind,
  isUploadableKind,
  type Graft,
  type GraftFile,
  type GraftFileField,
} from '@graftmatch/domain';

/** A kind of file the details page lists: its route `{type}`, graft field and i18n key. */
export interface MediaKind {
  type: string;
  field: GraftFileField;
  /** Key under `files.` of the kind's title. */
  label: 'photos' | 'stl' | 'release' | 'allocation' | 'delivery' | 'dicom' | 'traceability' | 'vigilance';
  /** For the file picker: the extensions the server takes for this kind. */
  accept: string;
  /** Users upload files of this kind; traceability and vigilance reports only GraftMatch makes. */
  uploadable: boolean;
}

const kind = (type: FileKind, field: GraftFileField, label: MediaKind['label']): MediaKind => ({
  type: String(type),
  field,
  label,
  accept: (FILE_UPLOAD_RULES[String(type)]?.extensions ?? []).join(','),
  uploadable: isUploadableKind(type),
});

export const PHOTOS = kind(FileKind.Photos, 'fotoFiles', 'photos');
export const MODELS = kind(FileKind.Stl, 'stlFiles', 'stl');
/** The kinds shown as lists of downloads, in the order of their types (spec §7's, then ours). */
export const DOCUMENT_KINDS: readonly MediaKind[] = [
  kind(FileKind.ReleaseStatements, 'releaseStatementFiles', 'release'),
  kind(FileKind.AllocationNotes, 'allocationNotificationFiles', 'allocation'),
  kind(FileKind.DeliveryNotes, 'deliveryNoteFiles', 'delivery'),
  kind(FileKind.Dicom, 'dicomFiles', 'dicom'),
  kind(FileKind.TraceabilityReports, 'traceabilityReportFiles', 'traceability'),
  kind(FileKind.VigilanceReports, 'vigilanceReportFiles', 'vigilance'),
];

export function filesOf(graft: Graft, of: MediaKind): GraftFile[] {
  return graft[of.field];
}

/** `12.3 MB`, `850 kB`: file sizes in SI units, as the browser's downloads show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) {
    return `${bytes} B`;
  }
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
