import { Stack, Text } from '@mantine/core';
import type { ImportResult } from '@graftmatch/domain';
import { confirmAction } from '../../components/confirmAction';
import { i18n } from '../../i18n';

/** Asks before writing, saying exactly what the checked file will change and what it leaves out. */
export function confirmImport(checked: ImportResult, onConfirm: () => void): void {
  const { inserted, updated, unchanged, failed } = checked.summary;
  confirmAction({
    title: i18n.t('imports.confirmTitle'),
    text: (
      <Stack gap="xs" data-testid="import-confirm-text">
        <Text size="sm">{i18n.t('imports.confirmInserted', { count: inserted })}</Text>
        <Text size="sm">{i18n.t('imports.confirmUpdated', { count: updated })}</Text>
        {unchanged > 0 && <Text size="sm">{i18n.t('imports.confirmUnchanged', { count: unchanged })}</Text>}
        {failed > 0 && <Text size="sm">{i18n.t('imports.confirmFailed', { count: failed })}</Text>}
      </Stack>
    ),
    confirm: i18n.t('imports.confirm'),
    color: 'teal.9',
    testId: 'import-confirm-yes',
    cancelTestId: 'import-confirm-cancel',
    onConfirm,
  });
}
