import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { GraftFile } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import classes from './media.module.css';
import { formatBytes, type MediaKind } from './kinds';
import { useFileDownload } from './useMediaActions';

interface Props {
  kind: MediaKind;
  lot: string;
  files: readonly GraftFile[];
  onDelete?: ((name: string) => void) | undefined;
}

/** A kind's files as downloads (name and size), each with a delete button for those who may. */
export function DocumentList({ kind, lot, files, onDelete }: Props) {
  const { t } = useTranslation();
  const download = useFileDownload();
  return (
    <ul className={classes.documents}>
      {files.map((file) => (
        <li key={file.name}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Anchor
              component="button"
              type="button"
              onClick={() => download.mutate({ type: kind.type, name: file.name, lot })}
              className={classes.fileName}
              data-testid="file-download"
            >
              {file.name}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)}
              </Text>
              {onDelete && (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  onClick={() => onDelete(file.name)}
                  aria-label={t('files.deleteNamed', { name: file.name })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Group>
        </li>
      ))}
    </ul>
  );
}
