import { randomUUID } from 'node:crypto';
import { FileKind, ListStatus, fileKindName, type FileKind as Kind } from '@graftmatch/domain';
import type { Insertable, Kysely } from 'kysely';
import type { FileStorage } from '../storage/storage';
import { recordAudit } from '../modules/audit/audit.service';
import { insertFile } from '../modules/files/files.repository';
import { dicomSlice } from './demo-files/dicom';
import { demoPhoto, simplePdf } from './demo-files/documents';
import { valveTubeStl } from './demo-files/stl';
import type { DB, GraftFilesTable, GraftRow } from '../db/types';

// Real, small files for a few demo grafts, so every viewer and download works on a fresh demo
// start (docs/architecture.md, "Files"). The grafts are picked from the database, whichever way
// the demo grafts were made.

export interface SeedDemoFilesSummary {
  grafts: number;
  files: number;
  bytes: number;
}

interface DemoFile {
  kind: Kind;
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** Per bank: this many Free grafts (every physician sees them) and Current ones (the bank's donations). */
const FREE_PER_BANK = 2;
const CURRENT_PER_BANK = 1;

/** Two photos shared by every demo graft: made once, since the demo start waits for them. */
interface DemoPhotos {
  front: Buffer;
  side: Buffer;
}

async function pickGrafts(db: Kysely<DB>, today: string): Promise<GraftRow[]> {
  const live = await db
    .selectFrom('grafts')
    .selectAll()
    .where('listStatus', 'in', [ListStatus.Free, ListStatus.Current])
    .where((eb) => eb.or([eb('expiryDate', 'is', null), eb('expiryDate', '>=', today)]))
    .orderBy('eLot')
    .execute();
  const picked: GraftRow[] = [];
  for (const euteId of new Set(live.map((graft) => graft.euteId))) {
    const ofBank = live.filter((graft) => graft.euteId === euteId);
    picked.push(...ofBank.filter((graft) => graft.listStatus === ListStatus.Free).slice(0, FREE_PER_BANK));
    picked.push(...ofBank.filter((graft) => graft.listStatus === ListStatus.Current).slice(0, CURRENT_PER_BANK));
  }
  return picked;
}

async function filesFor(graft: GraftRow, index: number, at: Date, photos: DemoPhotos): Promise<DemoFile[]> {
  const lot = graft.eLot;
  const diameter = graft.tDproximal ?? 22;
  const length = graft.tLmax ?? 40;
  const files: DemoFile[] = [
    {
      kind: FileKind.Photos,
      name: `${lot} front.jpg`,
      contentType: 'image/jpeg',
      bytes: photos.front,
    },
    {
      kind: FileKind.Photos,
      name: `${lot} side.jpg`,
      contentType: 'image/jpeg',
      bytes: photos.side,
    },
    { kind: FileKind.Stl, name: `${lot}.stl`, contentType: 'model/stl', bytes: valveTubeStl(diameter, length) },
    {
      kind: FileKind.ReleaseStatements,
      name: `${lot} release statement.pdf`,
      contentType: 'application/pdf',
      bytes: await simplePdf(
        `Release statement ${lot}`,
        [`Lot ${lot}`, `Diameter ${diameter} mm`, 'Released for clinical use (demo).'],
        at,
      ),
    },
  ];
  if (graft.listStatus === ListStatus.Current) {
    files.push({
      kind: FileKind.DeliveryNotes,
      name: `${lot} delivery note.pdf`,
      contentType: 'application/pdf',
      bytes: await simplePdf(`Delivery note ${lot}`, [`Lot ${lot}`, 'Delivered cooled (demo).'], at),
    });
  }
  if (index === 0) {
    const series = `1.2.826.0.1.3680043.10.1${graft.id.replace(/\D/g, '').slice(0, 12)}`;
    for (let slice = 0; slice < 4; slice += 1) {
      files.push({
        kind: FileKind.Dicom,
        name: `${lot} CT ${slice + 1}.dcm`,
        contentType: 'application/dicom',
        bytes: dicomSlice(series, slice),
      });
    }
  }
  return files;
}

/**
 * Attaches demo files to a few live grafts of each bank: photos, a 3D model and a release statement
 * each, delivery notes for assigned ones, and one DICOM series. Objects are stored first, then the
 * rows and one audit row in a transaction; a crash between leaves objects without rows (kept, logged by the sweep).
 */
export async function seedDemoFiles(
  db: Kysely<DB>,
  storage: FileStorage,
  today: string,
): Promise<SeedDemoFilesSummary> {
  const at = new Date(`${today}T08:00:00.000Z`);
  const grafts = await pickGrafts(db, today);
  const photos = { front: await demoPhoto('front', 20, 640, 480), side: await demoPhoto('side', 200, 640, 480) };
  const rows: Insertable<GraftFilesTable>[] = [];
  for (const [index, graft] of grafts.entries()) {
    for (const file of await filesFor(graft, index, at, photos)) {
      const id = randomUUID();
      const kind = fileKindName(file.kind);
      const storageKey = `${kind}/${id}`;
      await storage.put(storageKey, file.bytes);
      rows.push({
        id,
        graftId: graft.id,
        kind,
        name: file.name,
        size: file.bytes.length,
        contentType: file.contentType,
        storageKey,
        createdAt: at.toISOString(),
      });
    }
  }
  const summary = {
    grafts: grafts.length,
    files: rows.length,
    bytes: rows.reduce((sum, row) => sum + Number(row.size), 0),
  };
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await insertFile(trx, row);
    }
    await recordAudit(trx, {
      actorUserId: null,
      action: 'demo.files',
      targetType: 'database',
      targetId: null,
      after: summary,
      ip: null,
      at,
    });
  });
  return summary;
}
