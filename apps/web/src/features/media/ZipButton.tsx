import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type MediaKind } from './kinds';
import { useZipDownload } from './useMediaActions';

/** "Download all as zip" for one kind; while it runs, the bytes received so far. */
export function ZipButton({ kind, lot, filesBytes }: { kind: MediaKind; lot: string; filesBytes: number }) {
  const { t } = useTranslation();
  const zip = useZipDownload(kind, lot);
  // The server sends the zip's length; without it, the files' total is a close estimate.
  const total = zip.total || filesBytes;
  const percent = total > 0 ? Math.min(100, Math.round((zip.received / total) * 100)) : 0;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileZip size={16} aria-hidden />}
      loading={zip.isPending}
      loaderProps={{ type: 'dots' }}
      onClick={() => zip.mutate()}
      data-testid={`zip-${kind.label}`}
      aria-label={t('files.zipFor', { kind: t(`files.${kind.label}`) })}
    >
      {zip.isPending ? t('files.zipProgress', { percent, received: formatBytes(zip.received) }) : t('files.zip')}
    </Button>
  );
}
