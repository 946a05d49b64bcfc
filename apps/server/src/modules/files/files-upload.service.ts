import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileKind } from '@graftmatch/domain';
import {
  MAX_FILES_PER_UPLOAD,
  MAX_SUPERSEDE_REASON_LENGTH,
  fileUploadRule,
  isUploadableKind,
  type Graft,
  type Message,
} from '@graftmatch/domain';
import type { Transaction } from 'kysely';
import type { DB, GraftFileKind, GraftRow } from '../../db/types';
import { writeOrConflict } from '../../http/write-or-conflict';
import { ProblemError, badRequest, conflict, fieldError, notFound } from '../../http/problem';
import { StorageLimitError, type StagedFile } from '../../storage/storage';
import { recordAudit } from '../audit/audit.service';
import { requireUser } from '../../identity/policy';
import type { Actor } from '../../identity/actor';
import type { Principal } from '../../identity/principal';
import { announceGraftsChanged, presentGraft } from '../grafts/grafts.service';
import { kindOf, todayOf, visibleFile, writableGraft, type FilesDeps } from './files.access';
import { thumbnailKey } from './files-download.service';
import * as repo from './files.repository';
import { ContentRefusal, checkContent } from './file-content';
import { cleanFileName, firstFreeName } from './file-names';
import { nextVersion, refuseRecordDelete } from './files-versions';

/** One part of a multipart upload, as the route reads it. */
export type UploadPart =
  { type: 'field'; name: string; value: string } | { type: 'file'; field: string; filename: string; stream: Readable };

interface Received {
  staged: StagedFile;
  name: string;
  contentType: string;
}

const tooLarge = (detail: Message) => new ProblemError(413, 'Payload Too Large', detail);

/** Stages one file of the upload and checks its content; refusals leave nothing behind. */
async function receive(
  deps: FilesDeps,
  kind: FileKind,
  part: Extract<UploadPart, { type: 'file' }>,
): Promise<Received> {
  const rule = fileUploadRule(kind);
  const name = cleanFileName(part.filename, rule.extensions);
  let staged: StagedFile;
  try {
    staged = await deps.storage.stage(part.stream, rule.maxBytes);
  } catch (error) {
    if (error instanceof StorageLimitError) {
      throw tooLarge({ key: 'problem.files.tooLarge', params: { name, mb: rule.maxBytes / 1024 / 1024 } });
    }
    throw error;
  }
  try {
    const contentType = await checkContent(kind, staged.localPath, staged.size, name);
    return { staged, name, contentType };
  } catch (error) {
    await staged.discard();
    if (error instanceof ContentRefusal) {
      throw new ProblemError(
        error.status,
        error.status === 413 ? 'Payload Too Large' : error.status === 415 ? 'Unsupported Media Type' : 'Bad Request',
        error.wording,
      );
    }
    throw error;
  }
}

/** Reads the parts: `lot` and `type` first, then the files, each staged and checked as it arrives. */
async function receiveAll(deps: FilesDeps, caller: Principal, parts: AsyncIterable<UploadPart>) {
  const fields = new Map<string, string>();
  const received: Received[] = [];
  let target: { graft: GraftRow; kind: FileKind; stored: GraftFileKind } | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.set(part.name, part.value);
        continue;
      }
      if (part.field !== 'files') {
        part.stream.resume();
        throw badRequest({ key: 'problem.files.unknownField', params: { field: part.field } });
      }
      if (!target) {
        const lot = fields.get('lot');
        const type = fields.get('type');
        if (!lot || !type) {
          part.stream.resume();
          const before = { key: 'validation.requiredBeforeFiles' } as const;
          throw badRequest({ key: 'problem.files.lotTypeFirst' }, [
            ...(lot ? [] : [fieldError('lot', before)]),
            ...(type ? [] : [fieldError('type', before)]),
          ]);
        }
        const { kind, stored } = kindOf(type);
        if (!isUploadableKind(kind)) {
          part.stream.resume();
          throw badRequest({ key: 'problem.files.notUploadable', params: { type } }, [
            fieldError('type', { key: 'problem.files.notUploadable', params: { type } }),
          ]);
        }
        target = { graft: await writableGraft(deps, caller, lot), kind, stored };
      }
      received.push(await receive(deps, target.kind, part));
    }
  } catch (error) {
    await Promise.all(received.map((file) => file.staged.discard()));
    throw error;
  }
  if (!target || received.length === 0) {
    throw badRequest({ key: 'problem.files.noFiles' }, [fieldError('files', { key: 'validation.required' })]);
  }
  if (received.length > MAX_FILES_PER_UPLOAD) {
    await Promise.all(received.map((file) => file.staged.discard()));
    throw tooLarge({ key: 'problem.files.tooMany', params: { max: MAX_FILES_PER_UPLOAD } });
  }
  try {
    return { ...target, received, supersede: supersedeOf(fields, received.length) };
  } catch (error) {
    await Promise.all(received.map((file) => file.staged.discard()));
    throw error;
  }
}

/** A new version to file: the fields `supersedes` (the current version's name) and `reason`, with one file. */
interface Supersede {
  name: string;
  reason: string;
}

function supersedeOf(fields: ReadonlyMap<string, string>, files: number): Supersede | null {
  const name = fields.get('supersedes');
  if (name === undefined) {
    return null;
  }
  if (files !== 1) {
    throw badRequest({ key: 'problem.files.supersedeOne' }, [
      fieldError('files', { key: 'problem.files.supersedeOne' }),
    ]);
  }
  const reason = fields.get('reason')?.trim() ?? '';
  if (reason === '' || reason.length > MAX_SUPERSEDE_REASON_LENGTH) {
    const wording = { key: 'problem.files.supersedeReason', params: { name } } as const;
    throw badRequest(wording, [fieldError('reason', wording)]);
  }
  return { name, reason };
}

/**
 * The version the upload supersedes, checked on the locked graft: it exists and nothing superseded
 * it yet (docs/decisions.md, "Records").
 */
async function supersededVersion(trx: Transaction<DB>, graft: GraftRow, stored: GraftFileKind, supersede: Supersede) {
  await repo.lockGraft(trx, graft.id);
  const files = await repo.filesOfGraft(trx, graft.id, stored);
  const old = files.find((file) => file.name === supersede.name);
  if (!old) {
    throw notFound({
      key: 'problem.files.noFileOnLot',
      params: { name: supersede.name, type: stored, lot: graft.eLot },
    });
  }
  const newer = files.find((file) => file.supersedesId === old.id);
  if (newer) {
    throw conflict({ key: 'problem.files.supersededAlready', params: { name: old.name, current: newer.name } });
  }
  return { old, files };
}

/**
 * `POST /media/uploadfiles`: stores the files, then their rows and audit rows in one transaction.
 * Names are made unique within the graft and kind (`name (2).pdf`); other grafts' names are
 * neither consulted nor revealed. With `supersedes`, the one file is the next version of that
 * file (`name v2.pdf`), kept beside it with the reason, both audited.
 */
export async function uploadFiles(deps: FilesDeps, actor: Actor, parts: AsyncIterable<UploadPart>): Promise<Graft> {
  const caller = requireUser(actor.principal);
  const { graft, stored, received, supersede } = await receiveAll(deps, caller, parts);
  const committed: string[] = [];
  try {
    await writeOrConflict(
      deps.db,
      async (trx) => {
        const taken = await repo.namesOfGraft(trx, graft.id, stored);
        const at = deps.now();
        const superseded = supersede ? await supersededVersion(trx, graft, stored, supersede) : null;
        for (const file of received) {
          const version = superseded
            ? nextVersion(superseded.old, superseded.files, path.extname(file.name))
            : { version: 1, supersedesId: null, name: firstFreeName(file.name, taken) };
          const { name } = version;
          taken.add(name);
          const id = randomUUID();
          const storageKey = `${stored}/${id}`;
          await file.staged.commit(storageKey);
          committed.push(storageKey);
          const row = {
            id,
            graftId: graft.id,
            kind: stored,
            name,
            size: file.staged.size,
            contentType: file.contentType,
            storageKey,
            createdAt: at.toISOString(),
            version: version.version,
            supersedesId: version.supersedesId,
            reason: supersede?.reason ?? null,
          };
          await repo.insertFile(trx, row);
          const audit = { actorUserId: caller.userId, targetType: 'graftFile', ip: actor.ip, at } as const;
          const supersedes = superseded ? { supersedes: superseded.old.name, reason: row.reason } : {};
          await recordAudit(trx, {
            ...audit,
            action: 'graft.file.upload',
            targetId: id,
            after: {
              lot: graft.eLot,
              kind: stored,
              name,
              size: row.size,
              contentType: row.contentType,
              version: row.version,
              ...supersedes,
            },
          });
          if (superseded) {
            await recordAudit(trx, {
              ...audit,
              action: 'graft.file.supersede',
              targetId: superseded.old.id,
              before: { lot: graft.eLot, kind: stored, name: superseded.old.name, version: superseded.old.version },
              after: { supersededBy: name, version: row.version, reason: row.reason },
            });
          }
        }
      },
      supersede ? { key: 'problem.files.supersedeRace' } : { key: 'problem.files.nameRace' },
    );
  } catch (error) {
    await Promise.all(received.map((file) => file.staged.discard()));
    await Promise.all(committed.map((key) => deps.storage.delete(key)));
    throw error;
  }
  await announceGraftsChanged(deps, [graft]);
  return presentGraft(deps.db, graft, todayOf(deps));
}

/**
 * `DELETE /media/files/{type}/{name}[?lot=]`: the row and its audit row, then the stored object (and
 * thumbnail). A record is never deleted: 409.
 */
export async function deleteFile(
  deps: FilesDeps,
  actor: Actor,
  request: { type: string; name: string; lot?: string | undefined },
): Promise<Graft> {
  const caller = requireUser(actor.principal);
  const { stored } = kindOf(request.type);
  const { file, graft: owner } = await visibleFile(deps, caller, request.type, request.name, request.lot);
  // Records are refused to everyone who sees them, before who may write is asked (docs/decisions.md, "Records").
  await refuseRecordDelete(deps.db, file, owner);
  const graft = await writableGraft(deps, caller, owner.eLot);
  const name = file.name;
  await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockGraft(trx, graft.id);
    await refuseRecordDelete(trx, file, locked ?? graft);
    await repo.deleteFile(trx, file.id);
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'graft.file.delete',
      targetType: 'graftFile',
      targetId: file.id,
      before: { lot: graft.eLot, kind: stored, name, size: Number(file.size), contentType: file.contentType },
      ip: actor.ip,
      at: deps.now(),
    });
  });
  // After the commit: a crash here leaves only objects without a row, which the sweep keeps and logs
  // (docs/operations.md, "Files folder").
  await deps.storage.delete(file.storageKey);
  await deps.storage.delete(thumbnailKey(file));
  await announceGraftsChanged(deps, [graft]);
  return presentGraft(deps.db, graft, todayOf(deps));
}
