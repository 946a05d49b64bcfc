import { Button, Group, Progress, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './media.module.css';
import type { MediaKind } from './kinds';

interface Props {
  kind: MediaKind;
  /** Upload progress from 0 to 1 while an upload runs, else null. */
  progress: number | null;
  onFiles: (files: File[]) => void;
}

/** Drop files here or pick them; shows the upload's progress. */
export function UploadArea({ kind, progress, onFiles }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = progress !== null;
  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0 && !busy) {
      onFiles(files);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  const label = t(`files.${kind.label}`);
  return (
    <div
      className={classes.dropzone}
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={`upload-${kind.label}`}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('files.dropHint')}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-label={t('files.uploadFor', { kind: label })}
        >
          {t('files.pick')}
        </Button>
      </Group>
      <input
        ref={input}
        type="file"
        multiple
        accept={kind.accept}
        hidden
        aria-label={t('files.uploadFor', { kind: label })}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
        data-testid={`upload-input-${kind.label}`}
      />
      {busy && (
        <Progress
          value={Math.round(progress * 100)}
          mt="xs"
          animated
          aria-label={t('files.uploading', { percent: Math.round(progress * 100) })}
        />
      )}
    </div>
  );
}
