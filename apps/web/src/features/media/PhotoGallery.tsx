import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import type { GraftFile } from '@graftmatch/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './media.module.css';
import { ImageViewer } from './ImageViewer';
import { PHOTOS } from './kinds';
import { useObjectUrls } from './useObjectUrls';

interface Props {
  lot: string;
  files: readonly GraftFile[];
  onDelete?: ((name: string) => void) | undefined;
}

/** Photo thumbnails; each opens the image viewer. A photo that fails to load shows a plain mark. */
export function PhotoGallery({ lot, files, onDelete }: Props) {
  const { t } = useTranslation();
  const urls = useObjectUrls(PHOTOS.type, lot, files);
  const [shown, setShown] = useState<number | null>(null);
  return (
    <>
      <ul className={classes.gallery}>
        {files.map((file, index) => {
          const url = urls[file.name];
          return (
            <li key={file.name} className={classes.thumb}>
              <UnstyledButton
                className={classes.thumbButton}
                onClick={() => setShown(index)}
                aria-label={t('files.openPhoto', { name: file.name })}
                data-testid="photo-thumb"
              >
                {url ? (
                  <img src={url} alt="" className={classes.thumbImage} data-testid="photo-thumb-image" />
                ) : (
                  <span className={classes.thumbEmpty}>
                    {url === null && <IconPhotoOff aria-hidden data-testid="photo-thumb-failed" />}
                  </span>
                )}
              </UnstyledButton>
              {onDelete && (
                <ActionIcon
                  className={classes.thumbDelete}
                  variant="filled"
                  color="red.9"
                  size="sm"
                  onClick={() => onDelete(file.name)}
                  aria-label={t('files.deleteNamed', { name: file.name })}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              )}
            </li>
          );
        })}
      </ul>
      <ImageViewer files={files} urls={urls} index={shown} onIndex={setShown} />
    </>
  );
}
