import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorMessage } from '../../lib/errorMessage';

/**
 * A failed form submission with the server's detail, or the form's own message for it
 * (`useFormMutation`'s `formError`, naming its fields by their labels). A form may word a wrong
 * password or PIN itself (`wrongSecret`, naming its own fields), followed once by the attempts left.
 */
export function FormError({
  error,
  wrongSecret,
  text,
}: {
  error: unknown;
  wrongSecret?: string | undefined;
  text?: string | null | undefined;
}) {
  const { t } = useTranslation();
  if (!error) {
    return null;
  }
  const attempts = error instanceof ApiError ? error.passwordAttempts : null;
  const own = wrongSecret !== undefined && attempts !== null && attempts > 0;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {own ? `${wrongSecret} ${t('login.attemptsLeft', { count: attempts })}` : (text ?? errorMessage(error))}
    </Alert>
  );
}
