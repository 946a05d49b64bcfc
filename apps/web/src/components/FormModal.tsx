import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * The dialog around a form: wide on large screens, the whole screen on phones (instead of a
 * cramped dialog), a labelled close button, and the form mounted only while open so it starts fresh.
 */
export function FormModal(props: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width: 43.74em)', false);
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
