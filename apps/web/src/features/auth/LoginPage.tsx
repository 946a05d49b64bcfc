import { useState } from 'react';
import { Alert, Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFormMutation } from '../../app/useFormMutation';
import { login } from './api';
import { AuthForm } from './AuthForm';
import { saveTwoFactor } from './storage';

/** Step one of the login: e-mail and password; the server mails a PIN. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const sessionEnded = (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useFormMutation({
    mutationFn: () => login(email.trim(), password),
    onSuccess: (schema) => {
      saveTwoFactor(schema);
      void navigate('/login/login-tfa');
    },
  });
  return (
    <AuthForm
      title={{ id: 'login-title', text: t('login.title') }}
      onSubmit={() => mutation.mutate()}
      error={mutation.error}
      wrongSecret={t('login.wrong')}
      submit={{
        label: t('login.submit'),
        testId: 'login-submit',
        pending: mutation.isPending,
        disabled: !email || !password,
      }}
      after={
        <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
          {t('login.forgotPassword')}
        </Anchor>
      }
    >
      {sessionEnded && (
        <Alert color="cyan" variant="light" data-testid="session-ended">
          {t('login.sessionEnded')}
        </Alert>
      )}
      <TextInput
        label={t('login.email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          mutation.edited('email');
        }}
        data-testid="login-email"
      />
      <PasswordInput
        label={t('login.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          mutation.edited('password');
        }}
        data-testid="login-password"
      />
    </AuthForm>
  );
}
