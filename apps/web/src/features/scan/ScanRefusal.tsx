import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { FormRefusal } from '../../components/FormRefusal';

/**
 * A failed scan step: "this package is another graft", with both codes, or the form's refusal as
 * any form shows it (a wrong code at its field, named in the form's message).
 */
export function ScanRefusal({ form }: { form: { error: unknown; formError: string | null } }) {
  const { t } = useTranslation();
  const { error } = form;
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
  return <FormRefusal form={form} testId="scan-refusal" />;
}
