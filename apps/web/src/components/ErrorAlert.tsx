import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errorMessage';

interface Props {
  error: unknown;
  onRetry?: () => void;
}

/** A failed load, in place of the content it should have shown. */
export function ErrorAlert({ error, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('errors.title')}
      role="alert"
      data-testid="error-alert"
    >
      {errorMessage(error)}
      {onRetry && (
        <Button variant="subtle" color="red" size="compact-sm" ml="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
