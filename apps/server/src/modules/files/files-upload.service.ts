import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileKind } from '@graftmatch/domain';
import { MAX_FILES_PER_UPLOAD, fileUploadRule, type Graft, type Message } from '@graftmatch/domain';
import type { GraftFileKind, GraftRow } from '../../db/types';
import { writeOrConflict } from '../../db/write-or-conflict';
import { ProblemError, badRequest, fieldError } from '../../http/problem';
import { StorageLimitError, type StagedFile } from '../../storage/storage';
import { recordAudit } from '../audit/audit.service';
import { requireUser } from '../auth/auth.policy';
import type { Actor } from '../../http/request-kit';
import type { Principal } from '../auth/principal';
import { announceGraftsChanged, presentGraft } from '../grafts/grafts.service';
import { kindOf, todayOf, visibleFile, writableGraft, type FilesDeps } from './files.access';
import { thumbnailKey } from './files-download.service';
import * as repo from './files.repository';
import { ContentRefusal, checkContent } from './file-content';
import { cleanFileName, firstFreeName } from './file-names';

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
  return { ...target, received };
}

/**
 * `POST /media/uploadfiles`: stores the files, then their rows and audit rows in one transaction.
 * Names are made unique within the graft and kind (`name (2).pdf`); other grafts' names are
 * neither consulted nor revealed.
 */
export async function uploadFiles(deps: FilesDeps, actor: Actor, parts: AsyncIterable<UploadPart>): Promise<Graft> {
  const caller = requireUser(actor.principal);
  const { graft, stored, received } = await receiveAll(deps, caller, parts);
  const committed: string[] = [];
  try {
    await writeOrConflict(
      deps.db,
      async (trx) => {
        const taken = await repo.namesOfGraft(trx, graft.id, stored);
        const at = deps.now();
        for (const file of received) {
          const name = firstFreeName(file.name, taken);
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
          };
          await repo.insertFile(trx, row);
          await recordAudit(trx, {
            actorUserId: caller.userId,
            action: 'graft.file.upload',
            targetType: 'graftFile',
            targetId: id,
            after: { lot: graft.eLot, kind: stored, name, size: row.size, contentType: row.contentType },
            ip: actor.ip,
            at,
          });
        }
      },
      { key: 'problem.files.nameRace' },
    );
  } catch (error) {
    await Promise.all(received.map((file) => file.staged.discard()));
    await Promise.all(committed.map((key) => deps.storage.delete(key)));
    throw error;
  }
  await announceGraftsChanged(deps, [graft]);
  return presentGraft(deps.db, graft, todayOf(deps));
}

/** `DELETE /media/files/{type}/{name}[?lot=]`: the row and its audit row, then the stored object (and thumbnail). */
export async function deleteFile(
  deps: FilesDeps,
  actor: Actor,
  request: { type: string; name: string; lot?: string | undefined },
): Promise<Graft> {
  const caller = requireUser(actor.principal);
  const { stored } = kindOf(request.type);
  const { file, graft: owner } = await visibleFile(deps, caller, request.type, request.name, request.lot);
  const graft = await writableGraft(deps, caller, owner.eLot);
  const name = file.name;
  await deps.db.transaction().execute(async (trx) => {
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
