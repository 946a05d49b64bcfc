import { Button, FileInput, Group, Modal, Stack, Textarea } from '@mantine/core';
import { MAX_SUPERSEDE_REASON_LENGTH } from '@graftmatch/domain';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaKind } from './kinds';

export interface Supersede {
  name: string;
  reason: string;
  file: File;
}

interface Props {
  kind: MediaKind;
  name: string;
  busy: boolean;
  onSupersede: (supersede: Supersede) => void;
}

/** "Supersede…": a record is never deleted; a new version with a reason replaces it (docs/decisions.md, "Records"). */
export function SupersedeButton({ kind, name, busy, onSupersede }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const close = () => {
    setOpen(false);
    setReason('');
    setFile(null);
  };
  const ready = reason.trim() !== '' && file !== null && !busy;
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={t('files.supersedeNamed', { name })}
        data-testid="supersede-file"
      >
        {t('files.supersede')}
      </Button>
      <Modal opened={open} onClose={close} title={t('files.supersedeTitle', { name })}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) {
              onSupersede({ name, reason: reason.trim(), file });
              close();
            }
          }}
        >
          <Stack gap="sm">
            <FileInput
              label={t('files.supersedeFile')}
              accept={kind.accept}
              value={file}
              onChange={setFile}
              required
              // The hidden file input takes the picked file (and a test's).
              fileInputProps={{ 'data-testid': 'supersede-input' } as ComponentPropsWithoutRef<'input'>}
            />
            <Textarea
              label={t('files.supersedeReason')}
              description={t('files.supersedeHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={MAX_SUPERSEDE_REASON_LENGTH}
              required
              data-testid="supersede-reason"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!ready} data-testid="supersede-submit">
                {t('files.supersedeConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
