import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from './api';
import { FormError } from './FormError';
import { saveTwoFactor } from './storage';

/** Step one of the login: e-mail and password; the server mails a PIN. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const sessionEnded = (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: () => login(email.trim(), password),
    meta: { silent: true },
    onSuccess: (schema) => {
      saveTwoFactor(schema);
      void navigate('/login/login-tfa');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack>
        <Title order={1} size="h3" id="login-title">
          {t('login.title')}
        </Title>
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
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-testid="login-email"
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-testid="login-password"
        />
        <FormError error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} disabled={!email || !password} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
          {t('login.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
