import type { Graft } from '@graftmatch/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../components/notifyFailure';
import { notify } from '../../components/notify';
import { saveFile } from '../../lib/saveFile';
import { deleteFile, downloadFile, downloadZip, forgetModel, supersedeFile, uploadFiles } from './api';
import { MODELS, type MediaKind } from './kinds';
import { confirmAction } from '../../components/confirmAction';

/** Downloads one file and saves it; a failure is shown (spec §8). */
export function useFileDownload() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ type, name, lot }: { type: string; name: string; lot: string }) => downloadFile(type, name, lot),
    onSuccess: ({ blob, fileName }, { name }) => saveFile(blob, fileName ?? name),
    meta: { silent: true },
    onError: (error) => notifyFailure(error, { failed: t('files.downloadFailed') }),
  });
}

/** "Download all as zip" of one kind, with the bytes received so far. */
export function useZipDownload(kind: MediaKind, lot: string) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState({ received: 0, total: 0 });
  const mutation = useMutation({
    mutationFn: () => {
      setProgress({ received: 0, total: 0 });
      return downloadZip(kind.type, lot, (received, total) => setProgress({ received, total }));
    },
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `${lot}_${kind.label}.zip`),
    meta: { silent: true },
    onError: (error) => notifyFailure(error, { failed: t('files.downloadFailed') }),
  });
  return { ...mutation, ...progress };
}

/** Uploads, new versions and deletes of one kind; the answer is the graft with its new file lists. */
export function useFileChanges(kind: MediaKind, lot: string, onGraft: (graft: Graft) => void) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const changed = (graft: Graft) => {
    if (kind.type === MODELS.type) {
      forgetModel(lot);
    }
    onGraft(graft);
  };
  const add = useMutation({
    mutationFn: (files: File[]) => {
      setProgress(0);
      return uploadFiles(lot, kind.type, files, ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0));
    },
    onSuccess: (graft, files) => {
      changed(graft);
      notify('success', t('files.uploaded', { count: files.length }));
    },
    meta: { silent: true },
    onError: (error) => notifyFailure(error, { refused: t('files.notAccepted'), failed: t('files.uploadFailed') }),
    onSettled: () => setProgress(null),
  });
  const supersede = useMutation({
    mutationFn: ({ name, reason, file }: { name: string; reason: string; file: File }) => {
      setProgress(0);
      return supersedeFile(lot, kind.type, name, reason, file, ({ loaded, total }) =>
        setProgress(total > 0 ? loaded / total : 0),
      );
    },
    onSuccess: (graft) => {
      changed(graft);
      notify('success', t('files.superseded'));
    },
    meta: { silent: true },
    onError: (error) => notifyFailure(error, { refused: t('files.notAccepted'), failed: t('files.uploadFailed') }),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: (name: string) => deleteFile(kind.type, name, lot),
    onSuccess: (graft) => {
      changed(graft);
      notify('success', t('files.deleted'));
    },
    meta: { silent: true },
    onError: (error) => notifyFailure(error, { failed: t('files.deleteFailed') }),
  });
  const confirmRemove = (name: string) =>
    confirmAction({
      title: t('files.deleteTitle'),
      text: t('files.deleteText', { name }),
      confirm: t('files.delete'),
      color: 'red',
      testId: 'confirm-delete-file',
      onConfirm: () => remove.mutate(name),
    });
  return { add, supersede, progress, confirmRemove };
}
