import { useRef, useState, type DragEvent } from 'react';
import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { IMPORT_MAX_BYTES } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';
import classes from './imports.module.css';

/** What the picker offers; the server reads the type from the content, never from the name. */
export const IMPORT_ACCEPT = '.csv,.json,.xlsx,text/csv,application/json';

interface Props {
  file: File | null;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * A file by its button (keyboard and screen readers) or dropped onto the framed area. A dropped
 * file is taken as it is; the type check is the server's.
 */
export function FilePicker({ file, onFile, disabled = false }: Props) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const resetRef = useRef<() => void>(null);
  const take = (chosen: File | null) => {
    if (chosen && !disabled) {
      onFile(chosen);
    }
    // The same file may be picked again after it was changed on disk.
    resetRef.current?.();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0] ?? null);
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      className={classes.drop}
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(!disabled);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-dropzone"
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} aria-hidden />
        <Text ta="center">{t('imports.dropHint')}</Text>
        <FileButton
          onChange={take}
          accept={IMPORT_ACCEPT}
          disabled={disabled}
          resetRef={resetRef}
          inputProps={{ 'data-testid': 'import-file-input' } as object}
        >
          {(props) => (
            <Button {...props} variant="default" disabled={disabled} data-testid="import-choose">
              {file ? t('imports.chooseOther') : t('imports.choose')}
            </Button>
          )}
        </FileButton>
        {file ? (
          <Text fw={600} ta="center" style={{ wordBreak: 'break-all' }} data-testid="import-file-name">
            {t('imports.chosen', { name: file.name, size: formatBytes(file.size) })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            {t('imports.formats', { max: formatBytes(IMPORT_MAX_BYTES) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
