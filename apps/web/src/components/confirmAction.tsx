import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../i18n';

/**
 * Asks before an action that changes the record: the dialog says what will happen, its confirm button is
 * named for the action (red for one that removes, revokes or ends something), and Escape, the close button
 * and Cancel leave everything as it was.
 */
export function confirmAction(options: {
  title: string;
  /** A sentence, or the dialog's own body. */
  text: ReactNode;
  confirm: string;
  /** `red` where the action removes, revokes or ends something. */
  color?: string;
  testId: string;
  cancelTestId?: string;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title: options.title,
    children: typeof options.text === 'string' ? <Text size="sm">{options.text}</Text> : options.text,
    labels: { confirm: options.confirm, cancel: i18n.t('common.cancel') },
    confirmProps: { color: options.color, 'data-testid': options.testId },
    cancelProps: { 'data-testid': options.cancelTestId ?? 'confirm-cancel' },
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onConfirm: options.onConfirm,
  });
}
