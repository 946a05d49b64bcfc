import { randomUUID } from 'node:crypto';
import type { GraftFileKind } from '../../db/types';
import type { FileStorage } from '../../storage/storage';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import { firstFreeName } from './file-names';
import { currentVersion, nextVersion } from './files-versions';
import * as repo from './files.repository';

/**
 * A PDF the server made for a graft: an allocation or delivery note, a traceability report, or a
 * vigilance report's part, each under its own kind.
 */
export interface GeneratedDocument {
  graftId: string;
  lot: string;
  kind: Extract<GraftFileKind, 'allocationNotes' | 'deliveryNotes' | 'traceabilityReports' | 'vigilanceReports'>;
  /** The document's name; made again, it is filed as the next version (`name v2.pdf`). */
  fileName: string;
  content: Buffer;
  /** Why it was made again, kept with a version that supersedes an earlier one. */
  reason: string;
  at: Date;
  actorUserId: string | null;
  ip: string | null;
}

/**
 * Files a generated document inside the caller's transaction: the object first, then its row and
 * audit row with `trx`. A document of this name filed before is superseded by the new version,
 * both kept (docs/decisions.md, "Records"). Should the transaction roll back, the object has no
 * row; the file sweep keeps and logs it (docs/decisions.md, "Files"). Answers the name it was filed
 * under and its key in the file store.
 */
export async function fileGeneratedDocument(
  trx: Executor,
  storage: FileStorage,
  document: GeneratedDocument,
): Promise<{ name: string; storageKey: string }> {
  const files = await repo.filesOfGraft(trx, document.graftId, document.kind);
  const current = currentVersion(files, document.fileName);
  const version = current
    ? nextVersion(current, files)
    : {
        version: 1,
        supersedesId: null,
        name: firstFreeName(document.fileName, new Set(files.map((file) => file.name))),
      };
  const { name } = version;
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
    generated: 1,
    version: version.version,
    supersedesId: version.supersedesId,
    reason: current ? document.reason : null,
  });
  const audit = {
    actorUserId: document.actorUserId,
    ip: document.ip,
    at: document.at,
    targetType: 'graftFile',
  } as const;
  await recordAudit(trx, {
    ...audit,
    action: 'graft.file.generate',
    targetId: id,
    after: {
      lot: document.lot,
      kind: document.kind,
      name,
      size: document.content.length,
      version: version.version,
      ...(current ? { supersedes: current.name, reason: document.reason } : {}),
    },
  });
  if (current) {
    await recordAudit(trx, {
      ...audit,
      action: 'graft.file.supersede',
      targetId: current.id,
      before: { lot: document.lot, kind: document.kind, name: current.name, version: current.version },
      after: { supersededBy: name, version: version.version, reason: document.reason },
    });
  }
  return { name, storageKey };
}
