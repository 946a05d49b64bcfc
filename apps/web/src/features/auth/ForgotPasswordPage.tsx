import { useState } from 'react';
import { Alert, Anchor, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormMutation } from '../../lib/useFormMutation';
import { requestRecovery } from './api';
import { AuthForm } from './AuthForm';

/** Asks for a recovery link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const mutation = useFormMutation({
    labels: { email: t('login.email') },
    mutationFn: () => requestRecovery({ email: email.trim() }),
  });
  return (
    <AuthForm
      title={{ id: 'forgot-title', text: t('forgot.title') }}
      intro={t('forgot.intro')}
      onSubmit={() => mutation.mutate()}
      error={mutation.error}
      formError={mutation.formError}
      submit={{
        label: t('forgot.submit'),
        testId: 'forgot-submit',
        pending: mutation.isPending,
        disabled: !email.includes('@'),
      }}
      after={
        <Anchor component={Link} to="/login" size="sm">
          {t('forgot.backToLogin')}
        </Anchor>
      }
    >
      <TextInput
        label={t('login.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          mutation.edited('email');
        }}
        error={mutation.fieldError('email')}
        data-testid="forgot-email"
      />
      {mutation.isSuccess && (
        <Alert color="cyan" variant="light" role="status" data-testid="forgot-sent">
          {t('forgot.sent')}
        </Alert>
      )}
    </AuthForm>
  );
}
