import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

interface Props {
  visible: boolean;
  onDismiss: () => void;
  title: string;
  text: string;
  dismissLabel: string;
  testId: string;
}

/** A hint on how an area works, with a close button; the caller keeps whether it was dismissed. */
export function DismissibleHint({ visible, onDismiss, title, text, dismissLabel, testId }: Props) {
  if (!visible) {
    return null;
  }
  return (
    <Alert
      variant="light"
      color="cyan"
      icon={<IconInfoCircle aria-hidden />}
      title={title}
      withCloseButton
      closeButtonLabel={dismissLabel}
      onClose={onDismiss}
      mb="md"
      data-testid={testId}
    >
      {text}
    </Alert>
  );
}
