import { Text } from '@mantine/core';
import type { GraftFile } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { PHOTOS } from './kinds';
import classes from './media.module.css';
import { useObjectUrls } from './useObjectUrls';

/** A graft's first photo as a thumbnail (the comparison's), or a line saying it has none. */
export function FirstPhoto({ lot, files }: { lot: string; files: readonly GraftFile[] }) {
  const { t } = useTranslation();
  const first = files.slice(0, 1);
  const urls = useObjectUrls(PHOTOS.type, lot, first);
  const url = first[0] && urls[first[0].name];
  if (!first[0]) {
    return (
      <Text size="sm" c="dimmed">
        {t('compare.noPhoto')}
      </Text>
    );
  }
  return url ? (
    <img src={url} alt={t('compare.photoOf', { lot })} className={classes.compareImage} data-testid="compare-photo" />
  ) : (
    <span className={classes.compareImage} />
  );
}
