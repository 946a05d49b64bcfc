import { Readable } from 'node:stream';
import { FileKind, fileKindName, type Language } from '@graftmatch/domain';
import type { GraftFileRow } from '../../db/types';
import { ProblemError, notFound } from '../../http/problem';
import { factsheetFileName, renderFactsheetPdf } from '../../pdf/factsheet-pdf';
import { StorageNotFoundError, type ByteRange } from '../../storage/storage';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { presentGraft } from '../grafts/grafts.service';
import { accessTo, kindOf, readableGraft, todayOf, visibleFile, type FilesDeps } from './files.access';
import * as repo from './files.repository';
import { makeThumbnail, toEmbeddableImage } from './thumbnail';
import { streamZip, type ZipSource } from './zip-stream';

/** Something to send: its name, type and bytes; stored objects also allow ETag and ranges. */
export interface Download {
  name: string;
  contentType: string;
  /** Images show in the browser; everything else is an attachment. */
  inline: boolean;
  size: number | null;
  /** Stored objects never change (a new upload is a new object), so their id is their ETag. */
  etag: string | null;
  open(range?: ByteRange): Promise<Readable>;
}

const THUMB_PREFIX = 'thumbs/';
export const thumbnailKey = (file: Pick<GraftFileRow, 'storageKey'>) => `${THUMB_PREFIX}${file.storageKey}.webp`;
/** The object a derived object was made from (the sweep keeps it while its source lives). */
export const sourceKeyOf = (key: string): string | null =>
  key.startsWith(THUMB_PREFIX) && key.endsWith('.webp') ? key.slice(THUMB_PREFIX.length, -'.webp'.length) : null;

/**
 * A file row whose stored object is not in the files folder: 503, not 404, because the record
 * stands and only this server cannot reach the content (a folder not shared or not restored;
 * docs/operations.md, "Files folder"). The files routes log it at error level.
 */
export class MissingFileError extends ProblemError {
  constructor(readonly file: Pick<GraftFileRow, 'name' | 'storageKey'>) {
    super(503, 'Service Unavailable', { key: 'problem.files.contentMissing', params: { name: file.name } });
  }
}

/** Streams a row's object; a missing one is a MissingFileError. */
function openStored(deps: FilesDeps, file: GraftFileRow, range?: ByteRange): Promise<Readable> {
  return deps.storage.stream(file.storageKey, range).catch((error: unknown) => {
    throw error instanceof StorageNotFoundError ? new MissingFileError(file) : error;
  });
}

function storedDownload(deps: FilesDeps, file: GraftFileRow): Download {
  return {
    name: file.name,
    contentType: file.contentType,
    inline: file.contentType.startsWith('image/'),
    size: Number(file.size),
    etag: `"${file.id}"`,
    open: (range) => openStored(deps, file, range),
  };
}

async function thumbnailDownload(deps: FilesDeps, file: GraftFileRow): Promise<Download> {
  const key = thumbnailKey(file);
  // Made on first request and kept; two first requests at once both write whole files, one wins.
  const stored =
    (await deps.storage.stat(key)) ?? (await deps.storage.put(key, await makeThumbnail(() => openStored(deps, file))));
  const name = `${file.name.replace(/\.[^.]*$/, '')}_thumb.webp`;
  return {
    name,
    contentType: 'image/webp',
    inline: true,
    size: stored.size,
    etag: `"${file.id}-thumb"`,
    open: (range) => deps.storage.stream(key, range),
  };
}

/** `GET /file/getimage/{xlot}?thumb=`: the main (first) photo of the caller's visible graft with this processed lot. */
export async function mainImage(
  deps: FilesDeps,
  principal: Principal | null,
  xLot: string,
  thumb: boolean,
): Promise<Download> {
  const caller = requireUser(principal);
  for (const graft of await repo.findGraftsByXLot(deps.db, xLot)) {
    if ((await accessTo(deps, caller, graft)) === 'none') {
      continue;
    }
    const [photo] = await repo.filesOfGraft(deps.db, graft.id, fileKindName(FileKind.Photos));
    if (photo) {
      return thumb ? thumbnailDownload(deps, photo) : storedDownload(deps, photo);
    }
  }
  throw notFound({ key: 'problem.files.noPhoto', params: { lot: xLot } });
}

/** `GET /file/getstlfile/{lot}`: the graft's (first) 3D model. */
export async function stlModel(deps: FilesDeps, principal: Principal | null, lot: string): Promise<Download> {
  const graft = await readableGraft(deps, principal, lot);
  const [model] = await repo.filesOfGraft(deps.db, graft.id, fileKindName(FileKind.Stl));
  if (!model) {
    throw notFound({ key: 'problem.noModel', params: { lot } });
  }
  return { ...storedDownload(deps, model), contentType: 'model/stl' };
}

/** `GET /file/getfile/{type}/{name}[?lot=]`: one file; another tenant's is 404 like a missing one. */
export async function oneFile(
  deps: FilesDeps,
  principal: Principal | null,
  request: { type: string; name: string; lot?: string | undefined },
): Promise<Download> {
  const { file } = await visibleFile(deps, requireUser(principal), request.type, request.name, request.lot);
  return storedDownload(deps, file);
}

/** The generated factsheet, with the main photo when there is one. */
async function generatedFactsheet(
  deps: FilesDeps,
  graftRow: Parameters<typeof presentGraft>[1],
  language: Language,
): Promise<ZipSource> {
  const graft = await presentGraft(deps.db, graftRow, todayOf(deps));
  const [photo] = await repo.filesOfGraft(deps.db, graftRow.id, fileKindName(FileKind.Photos));
  const image = photo
    ? await toEmbeddableImage(await streamToBuffer(await openStored(deps, photo)), photo.contentType)
    : null;
  const pdf = await renderFactsheetPdf({ graft, photo: image, generatedAt: deps.now(), language });
  return { name: factsheetFileName(graft.e_Lot), size: pdf.length, open: async () => Readable.from([pdf]) };
}

/** `GET /file/getzipfile/{type}/{lot}`: every file of one kind as a zip, written while it is sent. */
export async function zipOfKind(
  deps: FilesDeps,
  principal: Principal | null,
  type: string,
  lot: string,
  language: Language,
): Promise<Download> {
  const { kind, stored } = kindOf(type);
  const graft = await readableGraft(deps, principal, lot);
  const files = await repo.filesOfGraft(deps.db, graft.id, stored);
  // Checked before the first byte goes out: once the zip streams, a missing file can only break it.
  for (const file of files) {
    if (!(await deps.storage.stat(file.storageKey))) {
      throw new MissingFileError(file);
    }
  }
  let sources: ZipSource[] = files.map((file) => ({
    name: file.name,
    size: Number(file.size),
    open: () => openStored(deps, file),
  }));
  if (sources.length === 0 && kind === FileKind.Factsheet) {
    sources = [await generatedFactsheet(deps, graft, language)];
  }
  if (sources.length === 0) {
    throw notFound({ key: 'problem.noFilesOfType', params: { lot, type } });
  }
  const zip = await streamZip(sources, deps.now());
  return {
    name: `${lot}_${stored}.zip`,
    contentType: 'application/zip',
    inline: false,
    size: zip.size,
    etag: null,
    open: async () => zip.stream,
  };
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
