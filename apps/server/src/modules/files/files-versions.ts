import { StepStatus, firstVersionName, isRecord } from '@graftmatch/domain';
import type { GraftFileRow, GraftRow } from '../../db/types';
import type { Executor } from '../../db/executor';
import { conflict } from '../../http/problem';
import { versionedName } from './file-names';
import * as repo from './files.repository';

// Versions of a document (docs/decisions.md, "Records"): a new version names the one it supersedes;
// the newest is current; every version is kept. Rows of one graft and kind are few, so the chains
// are followed in memory.

/** The current version of the document first filed as `firstName`, among one graft's files of one kind. */
export function currentVersion(files: readonly GraftFileRow[], firstName: string): GraftFileRow | undefined {
  const superseded = new Set(files.map((file) => file.supersedesId));
  return files.find((file) => !superseded.has(file.id) && firstVersionName(file, files) === firstName);
}

/** What a new version superseding `current` is filed as: its number, name and link. */
export function nextVersion(current: GraftFileRow, files: readonly GraftFileRow[], extension?: string) {
  const version = current.version + 1;
  const taken = new Set(files.map((file) => file.name));
  return {
    version,
    supersedesId: current.id,
    name: versionedName(firstVersionName(current, files), version, taken, extension),
  };
}

/** Whether the file is a record now: read on the caller's executor (inside a transaction, after `lockGraft`). */
export async function isRecordNow(executor: Executor, file: GraftFileRow, graft: GraftRow): Promise<boolean> {
  const superseded = (await repo.supersederOf(executor, file.id)) !== undefined;
  const facts = { kind: file.kind, generated: file.generated === 1, version: file.version, superseded };
  return isRecord(facts, graft.assignmentStatus === StepStatus.Done);
}

/** 409 naming the rule when the file is a record. */
export async function refuseRecordDelete(executor: Executor, file: GraftFileRow, graft: GraftRow): Promise<void> {
  if (await isRecordNow(executor, file, graft)) {
    throw conflict({ key: 'problem.files.record', params: { name: file.name } });
  }
}
