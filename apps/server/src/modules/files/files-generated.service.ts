import { randomUUID } from 'node:crypto';
import type { GraftFileKind } from '../../db/types';
import type { FileStorage } from '../../storage/storage';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import { firstFreeName } from './file-names';
import * as repo from './files.repository';

/**
 * A PDF the server made for a graft: an allocation or delivery note, a traceability report, or a
 * vigilance report's part (filed with the release statements, the bank's quality documents).
 */
export interface GeneratedDocument {
  graftId: string;
  lot: string;
  kind: Extract<GraftFileKind, 'allocationNotes' | 'deliveryNotes' | 'releaseStatements'>;
  /** Wished name; made unique within the graft and kind like an upload's (`name (2).pdf`). */
  fileName: string;
  content: Buffer;
  at: Date;
  actorUserId: string | null;
  ip: string | null;
}

/**
 * Files a generated document inside the caller's transaction: the object first, then its row and
 * audit row with `trx`. Should the transaction roll back, the object has no row; the file sweep
 * keeps and logs it (docs/decisions.md, "Files"). Answers the name it was filed under and its key
 * in the file store.
 */
export async function fileGeneratedDocument(
  trx: Executor,
  storage: FileStorage,
  document: GeneratedDocument,
): Promise<{ name: string; storageKey: string }> {
  const name = firstFreeName(document.fileName, await repo.namesOfGraft(trx, document.graftId, document.kind));
  const id = randomUUID();
  const storageKey = `${document.kind}/${id}`;
  await storage.put(storageKey, document.content);
  await repo.insertFile(trx, {
    id,
    graftId: document.graftId,
    kind: document.kind,
    name,
    size: document.content.length,
    contentType: 'application/pdf',
    storageKey,
    createdAt: document.at.toISOString(),
  });
  await recordAudit(trx, {
    actorUserId: document.actorUserId,
    action: 'graft.file.generate',
    targetType: 'graftFile',
    targetId: id,
    after: { lot: document.lot, kind: document.kind, name, size: document.content.length },
    ip: document.ip,
    at: document.at,
  });
  return { name, storageKey };
}
