import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorMessage } from '../../app/errorMessage';

/**
 * A failed form submission with the server's detail. A form may word a wrong password or PIN itself
 * (`wrongSecret`, naming its own fields), followed once by the attempts left.
 */
export function FormError({ error, wrongSecret }: { error: unknown; wrongSecret?: string | undefined }) {
  const { t } = useTranslation();
  if (!error) {
    return null;
  }
  const attempts = error instanceof ApiError ? error.passwordAttempts : null;
  const own = wrongSecret !== undefined && attempts !== null && attempts > 0;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {own ? `${wrongSecret} ${t('login.attemptsLeft', { count: attempts })}` : errorMessage(error)}
    </Alert>
  );
}
