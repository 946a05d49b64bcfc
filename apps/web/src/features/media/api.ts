import type { Graft } from '@graftmatch/domain';
import { call, download } from '../../api/call';
import type { DownloadedFile } from '../../api/client';
import { upload, type UploadProgress } from '../../api/upload';
import { StlCache } from './stlCache';

const ANY_FILE = '*/*';

/** One file of a lot, fetched with the bearer header (never a token in a URL). */
export async function fetchFile(type: string, name: string, lot: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await download('GET /file/getfile/{type}/{name}', ANY_FILE, {
    params: { type, name },
    query: { lot },
    signal,
  });
  return blob;
}

export function downloadFile(type: string, name: string, lot: string): Promise<DownloadedFile> {
  return download('GET /file/getfile/{type}/{name}', ANY_FILE, { params: { type, name }, query: { lot } });
}

/** All files of one kind as a zip; `onProgress` hears the bytes received so far and the zip's length. */
export function downloadZip(
  type: string,
  lot: string,
  onProgress: (received: number, total: number) => void,
): Promise<DownloadedFile> {
  return download('GET /file/getzipfile/{type}/{lot}', 'application/zip, application/problem+json', {
    params: { type, lot },
    onProgress,
  });
}

const models = new StlCache<ArrayBuffer>(5);

/** The lot's 3D model; the last five lots stay cached (spec §4). */
export function fetchModel(lot: string): Promise<ArrayBuffer> {
  return models.get(lot, async () => {
    const { blob } = await download('GET /file/getstlfile/{lot}', 'model/stl, application/problem+json', {
      params: { lot },
    });
    return blob.arrayBuffer();
  });
}

/** A lot's models changed: the next view fetches its model again. */
export function forgetModel(lot: string): void {
  models.forget(lot);
}

export function uploadFiles(
  lot: string,
  type: string,
  files: readonly File[],
  onProgress: (progress: UploadProgress) => void,
): Promise<Graft> {
  const form = new FormData();
  // The server needs the fields before the files.
  form.append('lot', lot);
  form.append('type', type);
  for (const file of files) {
    form.append('files', file, file.name);
  }
  return upload('POST /media/uploadfiles', form, onProgress);
}

/** A new version of the file `name`, superseding it with `reason`; both are kept (docs/api.md, "Files"). */
export function supersedeFile(
  lot: string,
  type: string,
  name: string,
  reason: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<Graft> {
  const form = new FormData();
  // The server needs the fields before the file.
  form.append('lot', lot);
  form.append('type', type);
  form.append('supersedes', name);
  form.append('reason', reason);
  form.append('files', file, file.name);
  return upload('POST /media/uploadfiles', form, onProgress);
}

export function deleteFile(type: string, name: string, lot: string): Promise<Graft> {
  return call('DELETE /media/files/{type}/{name}', { params: { type, name }, query: { lot } });
}
