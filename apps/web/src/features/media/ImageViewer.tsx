import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { Spinner } from '../../components/Spinner';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import type { GraftFile } from '@graftmatch/domain';
import { useEffect, useRef, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './media.module.css';
import type { ObjectUrls } from './useObjectUrls';

interface Props {
  files: readonly GraftFile[];
  urls: ObjectUrls;
  /** The shown photo's index, or null when closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

const SWIPE_PX = 50;

/** Full-size photos: next and previous by button, arrow keys or swipe; Escape closes. */
export function ImageViewer({ files, urls, index, onIndex }: Props) {
  const { t } = useTranslation();
  const touchX = useRef<number | null>(null);
  const count = files.length;
  const open = index !== null && count > 0;
  const step = (by: number) => {
    if (index !== null) {
      onIndex((index + by + count) % count);
    }
  };
  useEffect(() => {
    if (!open) {
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') {
        step(1);
      } else if (event.key === 'ArrowLeft') {
        step(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const file = open ? files[index] : undefined;
  const url = file ? urls[file.name] : undefined;
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start !== null && end !== undefined && Math.abs(end - start) > SWIPE_PX) {
      step(end < start ? 1 : -1);
    }
  };
  return (
    <Modal
      opened={open}
      onClose={() => onIndex(null)}
      fullScreen
      title={t('files.photos')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      classNames={{ body: classes.viewerBody }}
    >
      {file && (
        <Text size="sm" mb="xs" aria-live="polite" data-testid="viewer-position">
          {t('files.photoOf', { index: (index ?? 0) + 1, count, name: file.name })}
        </Text>
      )}
      <div
        className={classes.viewerStage}
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
        data-testid="image-viewer"
      >
        {url && <img src={url} alt={file?.name ?? ''} className={classes.viewerImage} />}
        {url === null && (
          <Text c="dimmed" ta="center">
            <IconPhotoOff size={48} aria-hidden />
          </Text>
        )}
        {url === undefined && <Spinner label={t('common.loading')} />}
      </div>
      {count > 1 && (
        <Group justify="center" gap="lg" mt="sm">
          <ActionIcon size="xl" variant="default" onClick={() => step(-1)} aria-label={t('files.previous')}>
            <IconChevronLeft aria-hidden />
          </ActionIcon>
          <ActionIcon size="xl" variant="default" onClick={() => step(1)} aria-label={t('files.next')}>
            <IconChevronRight aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Modal>
  );
}
