import { FileKind, fileKindName } from '../constants/file-kinds';

// Documents that cannot vanish (docs/decisions.md, "Records"): what the app generates for a graft,
// every version of a document that has versions, and a release statement once its graft is
// assigned are records. Nobody deletes a record; a new version supersedes it, both kept.

/** What the rule reads of a stored file. */
export interface RecordFacts {
  /** The kind's storage name (`releaseStatements`, ...). */
  kind: string;
  /** Made by the app (a note, a report), not uploaded. */
  generated: boolean;
  version: number;
  /** A newer version supersedes it. */
  superseded: boolean;
}

/** Whether the file is a record: never deleted, only superseded. `graftAssigned`: the graft's assignment step is done. */
export function isRecord(file: RecordFacts, graftAssigned: boolean): boolean {
  return (
    file.generated ||
    file.version > 1 ||
    file.superseded ||
    (graftAssigned && file.kind === fileKindName(FileKind.ReleaseStatements))
  );
}

/** The longest reason a new version may give. */
export const MAX_SUPERSEDE_REASON_LENGTH = 500;

/** A stored version: its id, name and the id of the version it superseded. */
export interface VersionLink {
  id: string;
  name: string;
  supersedesId: string | null;
}

/** The name of the document's first version, found by following `supersedesId` back among `files`. */
export function firstVersionName(file: VersionLink, files: readonly VersionLink[]): string {
  const byId = new Map(files.map((candidate) => [candidate.id, candidate]));
  const seen = new Set<string>();
  let first = file;
  for (let before = byId.get(first.supersedesId ?? ''); before && !seen.has(before.id);) {
    seen.add(before.id);
    first = before;
    before = byId.get(first.supersedesId ?? '');
  }
  return first.name;
}
