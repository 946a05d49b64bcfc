import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const HINT_KEY = 'graftmatch.clinicHintDismissed';

/** How the clinic area works; once dismissed it stays away on this device. */
export function HintBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => localStorage.getItem(HINT_KEY) !== '1');
  if (!visible) {
    return null;
  }
  const dismiss = () => {
    localStorage.setItem(HINT_KEY, '1');
    setVisible(false);
  };
  return (
    <Alert
      variant="light"
      color="cyan"
      icon={<IconInfoCircle aria-hidden />}
      title={t('hint.title')}
      withCloseButton
      closeButtonLabel={t('hint.dismiss')}
      onClose={dismiss}
      mb="md"
      data-testid="hint-banner"
    >
      {t('hint.text')}
    </Alert>
  );
}
