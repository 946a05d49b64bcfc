import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { isRefusal } from '../lib/errorMessage';

/**
 * A form's failed save above its fields (`useFormMutation`'s `formError`): titled "Not saved" for a
 * conflict, "Not accepted" for other refusals, "Something went wrong" for faults.
 */
export function FormRefusal({ form, testId }: { form: { error: unknown; formError: string | null }; testId: string }) {
  const { t } = useTranslation();
  if (form.formError === null) {
    return null;
  }
  const title =
    form.error instanceof ApiError && form.error.status === 409
      ? t('errors.notSaved')
      : isRefusal(form.error)
        ? t('errors.notAccepted')
        : t('errors.title');
  return (
    <Alert color="red" role="alert" title={title} data-testid={testId}>
      {form.formError}
    </Alert>
  );
}
