import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

interface Props {
  /** localStorage key that remembers the dismissal on this device. */
  storageKey: string;
  title: string;
  text: string;
  dismissLabel: string;
  testId: string;
}

/** A hint on how an area works; once dismissed it stays away on this device. */
export function DismissibleHint({ storageKey, title, text, dismissLabel, testId }: Props) {
  const [visible, setVisible] = useState(() => localStorage.getItem(storageKey) !== '1');
  if (!visible) {
    return null;
  }
  const dismiss = () => {
    localStorage.setItem(storageKey, '1');
    setVisible(false);
  };
  return (
    <Alert
      variant="light"
      color="cyan"
      icon={<IconInfoCircle aria-hidden />}
      title={title}
      withCloseButton
      closeButtonLabel={dismissLabel}
      onClose={dismiss}
      mb="md"
      data-testid={testId}
    >
      {text}
    </Alert>
  );
}
