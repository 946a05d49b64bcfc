import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';

/** A failed scan step: "this package is another graft", with both codes, or the usual error. */
export function ScanRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.codes) {
    return (
      <Alert
        color="red"
        variant="filled"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('scan.mismatchTitle')}
        role="alert"
        data-testid="scan-mismatch"
      >
        {t('scan.mismatch', { expected: error.codes.expected, scanned: error.codes.scanned })}
      </Alert>
    );
  }
  return <ErrorAlert error={error} />;
}
