import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ImportResult } from '@graftmatch/domain';
import { i18n } from '../../i18n';

/** Asks before writing, saying exactly what the checked file will change and what it leaves out. */
export function confirmImport(checked: ImportResult, onConfirm: () => void): void {
  const { inserted, updated, unchanged, failed } = checked.summary;
  modals.openConfirmModal({
    title: i18n.t('imports.confirmTitle'),
    children: (
      <Stack gap="xs" data-testid="import-confirm-text">
        <Text size="sm">{i18n.t('imports.confirmInserted', { count: inserted })}</Text>
        <Text size="sm">{i18n.t('imports.confirmUpdated', { count: updated })}</Text>
        {unchanged > 0 && <Text size="sm">{i18n.t('imports.confirmUnchanged', { count: unchanged })}</Text>}
        {failed > 0 && <Text size="sm">{i18n.t('imports.confirmFailed', { count: failed })}</Text>}
      </Stack>
    ),
    labels: { confirm: i18n.t('imports.confirm'), cancel: i18n.t('common.cancel') },
    confirmProps: { color: 'teal.9', 'data-testid': 'import-confirm-yes' },
    cancelProps: { 'data-testid': 'import-confirm-cancel' },
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onConfirm,
  });
}
