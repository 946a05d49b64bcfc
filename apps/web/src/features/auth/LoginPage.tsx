import { useState } from 'react';
import { Alert, Anchor, Chip, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { chooseOwnDevice } from '../../api/session';
import { useFormMutation } from '../../lib/useFormMutation';
import { login } from './api';
import { AuthForm } from './AuthForm';
import { PasskeyLoginButton } from './PasskeyLoginButton';
import { saveTwoFactor } from './storage';

const OWN_DEVICE_HINT = 'login-own-device-hint';

/** Step one of the login: e-mail and password; the server mails a PIN. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const sessionEnded = (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Ticked, the working set is kept on the device for use without network; a shared computer keeps nothing.
  const [ownDevice, setOwnDevice] = useState(true);
  const mutation = useFormMutation({
    mutationFn: () => login(email.trim(), password),
    onSuccess: (schema) => {
      chooseOwnDevice(ownDevice);
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
        <>
          <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
            {t('login.forgotPassword')}
          </Anchor>
          {/* No address, no password, no PIN: the passkey is both factors (docs/security.md "Passkeys"). */}
          <PasskeyLoginButton beforeSignIn={() => chooseOwnDevice(ownDevice)} />
        </>
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
      {/* A chip, as the language switch: the login screen loads no other kind of checkbox (docs/performance.md). */}
      <Stack gap={4}>
        <Chip
          checked={ownDevice}
          onChange={setOwnDevice}
          aria-describedby={OWN_DEVICE_HINT}
          data-testid="login-own-device"
        >
          {t('login.ownDevice')}
        </Chip>
        <Text id={OWN_DEVICE_HINT} size="xs" c="dimmed">
          {t('login.ownDeviceHint')}
        </Text>
      </Stack>
    </AuthForm>
  );
}
