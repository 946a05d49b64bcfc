import { fileKindName, parseFileKind, utcDate, type FileKind } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, GraftFileKind, GraftFileRow, GraftRow } from '../../db/types';
import { conflict, forbidden, notFound } from '../../http/problem';
import type { PushPublisher } from '../../realtime/push-bus';
import type { FileStorage } from '../../storage/storage';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { isFreeForEveryPhysician } from '../grafts/grafts.service';
import { fileAccess, needsFreeCheck } from './files.policy';
import * as repo from './files.repository';

export interface FilesDeps {
  db: Kysely<DB>;
  now: () => Date;
  storage: FileStorage;
  /** Told after an upload or delete commits. */
  push: PushPublisher;
}

export const todayOf = (deps: Pick<FilesDeps, 'now'>) => utcDate(deps.now());

/** A route's `{type}` segment as a kind, or 404 (an unknown kind has no files). */
export function kindOf(segment: string): { kind: FileKind; stored: GraftFileKind } {
  const kind = parseFileKind(segment);
  if (kind === null) {
    throw notFound({ key: 'problem.files.unknownType', params: { segment } });
  }
  return { kind, stored: fileKindName(kind) };
}

const noGraft = (lot: string) => notFound({ key: 'problem.noGraft', params: { lot } });

/** Whether the caller may see the graft's files; writing needs more (`requireFileWrite`). */
export async function accessTo(deps: FilesDeps, caller: Principal, graft: GraftRow) {
  const free = needsFreeCheck(caller, graft) && (await isFreeForEveryPhysician(deps.db, graft, todayOf(deps)));
  return fileAccess(caller, graft, free);
}

/** The graft, when the caller may read its files; 404 otherwise so other tenants' lots do not leak. */
export async function readableGraft(deps: FilesDeps, principal: Principal | null, lot: string): Promise<GraftRow> {
  const caller = requireUser(principal);
  const graft = await repo.findGraftByLot(deps.db, lot);
  if (!graft || (await accessTo(deps, caller, graft)) === 'none') {
    throw noGraft(lot);
  }
  return graft;
}

/** The graft, when the caller may change its files: 404 when they cannot see it, 403 when they only read. */
export async function writableGraft(deps: FilesDeps, caller: Principal, lot: string): Promise<GraftRow> {
  const graft = await repo.findGraftByLot(deps.db, lot);
  const access = graft ? await accessTo(deps, caller, graft) : 'none';
  if (!graft || access === 'none') {
    throw noGraft(lot);
  }
  if (access !== 'write') {
    throw forbidden({ key: 'problem.files.whoChanges' });
  }
  return graft;
}

/**
 * `getfile/{type}/{name}` and its delete: the file of this kind and name on a graft the caller may
 * see, on the lot `?lot=` names when given. Names are unique per graft and kind, so two grafts may
 * each hold `photo.jpg`: another tenant's is never considered (404 as for a missing file), and when
 * the caller sees several, the lot must be named (409 naming their lots).
 */
export async function visibleFile(
  deps: FilesDeps,
  caller: Principal,
  type: string,
  name: string,
  lot: string | undefined,
): Promise<{ file: GraftFileRow; graft: GraftRow }> {
  const { stored } = kindOf(type);
  const visible: { file: GraftFileRow; graft: GraftRow }[] = [];
  for (const { eLot, ...file } of await repo.filesNamed(deps.db, stored, name, lot)) {
    const graft = await repo.findGraftByLot(deps.db, eLot);
    if (graft && (await accessTo(deps, caller, graft)) !== 'none') {
      visible.push({ file, graft });
    }
  }
  const [first] = visible;
  if (!first) {
    throw notFound(
      lot
        ? { key: 'problem.files.noFileOnLot', params: { name, type, lot } }
        : { key: 'problem.files.noFile', params: { name, type } },
    );
  }
  if (visible.length > 1) {
    const lots = visible.map((found) => found.graft.eLot).join(', ');
    throw conflict({ key: 'problem.files.ambiguous', params: { lots, name, type } });
  }
  return first;
}
