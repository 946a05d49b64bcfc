import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCube, IconPhoto } from '@tabler/icons-react';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

/**
 * Whether a graft has photos and a 3D model, read from the spec's file lists of the graft
 * (docs/decisions.md "Tables that fit"): an icon each, named for screen readers and on hover.
 * Without either, nothing, or (`sayNone`) a dash that says so.
 */
export function MediaMarks({
  graft,
  sayNone = false,
}: {
  graft: Pick<Graft, 'fotoFiles' | 'stlFiles'>;
  sayNone?: boolean;
}) {
  const { t } = useTranslation();
  const marks = [
    { has: graft.fotoFiles.length > 0, Icon: IconPhoto, label: t('media.hasPhotos'), testId: 'has-photos' },
    { has: graft.stlFiles.length > 0, Icon: IconCube, label: t('media.hasModel'), testId: 'has-model' },
  ].filter((mark) => mark.has);
  if (marks.length === 0) {
    return (
      sayNone && (
        <Text span size="sm" c="dimmed">
          <span aria-hidden>–</span>
          <VisuallyHidden>{t('media.none')}</VisuallyHidden>
        </Text>
      )
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {marks.map(({ Icon, label, testId }) => (
        <span key={testId} role="img" aria-label={label} title={label} data-testid={testId}>
          <Icon size={18} aria-hidden />
        </span>
      ))}
    </Group>
  );
}
