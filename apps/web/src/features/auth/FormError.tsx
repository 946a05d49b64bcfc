import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorMessage } from '../../app/errorMessage';

/** A failed form submission, with the server's detail and, after a wrong password, the attempts left. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) {
    return null;
  }
  const attempts = error instanceof ApiError ? error.passwordAttempts : null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {errorMessage(error)}
      {attempts !== null && <div>{t('login.attemptsLeft', { count: attempts })}</div>}
    </Alert>
  );
}
