import { ActionIcon, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { GraftFile } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import classes from './media.module.css';
import { formatBytes, type MediaKind } from './kinds';
import { SupersedeButton, type Supersede } from './SupersedeButton';
import { useFileDownload } from './useMediaActions';

interface Props {
  kind: MediaKind;
  lot: string;
  files: readonly GraftFile[];
  /** For those who may change the graft's files: deletes what is not a record. */
  onDelete?: ((name: string) => void) | undefined;
  /** For those who may upload this kind: a new version of a current record. */
  onSupersede?: ((supersede: Supersede) => void) | undefined;
  /** An upload runs. */
  busy?: boolean;
}

/**
 * A kind's files as downloads (name and size). A record (docs/decisions.md, "Records") has no delete
 * button but "Supersede…"; a document with versions shows which is current and why each came.
 */
export function DocumentList({ kind, lot, files, onDelete, onSupersede, busy = false }: Props) {
  const { t } = useTranslation();
  const download = useFileDownload();
  return (
    <ul className={classes.documents}>
      {files.map((file) => (
        <li key={file.name} data-testid="document" data-current={file.current || undefined}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Anchor
              component="button"
              type="button"
              onClick={() => download.mutate({ type: kind.type, name: file.name, lot })}
              className={classes.fileName}
              c={file.current ? undefined : 'dimmed'}
              data-testid="file-download"
            >
              {file.name}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              {(file.version > 1 || !file.current) && (
                <Badge
                  size="sm"
                  variant={file.current ? 'light' : 'outline'}
                  color={file.current ? 'teal.9' : 'gray.7'}
                >
                  {file.current
                    ? t('files.current', { version: file.version })
                    : t('files.old', { version: file.version })}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)}
              </Text>
              {onDelete && !file.record && (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  onClick={() => onDelete(file.name)}
                  aria-label={t('files.deleteNamed', { name: file.name })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
              {onSupersede && file.record && file.current && (
                <SupersedeButton kind={kind} name={file.name} busy={busy} onSupersede={onSupersede} />
              )}
            </Group>
          </Group>
          {file.reason && (
            <Text size="xs" c="dimmed">
              {t('files.reason', { reason: file.reason })}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}
