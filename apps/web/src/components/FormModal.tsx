import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSmallScreen } from './useScreen';

/**
 * The dialog around a form: wide on large screens, the whole screen on phones (instead of a
 * cramped dialog), a labelled close button, and the form mounted only while open so it starts fresh.
 */
export function FormModal(props: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const small = useSmallScreen();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      fullScreen={small}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {props.opened && props.children}
    </Modal>
  );
}
