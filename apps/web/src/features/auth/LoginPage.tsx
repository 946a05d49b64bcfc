import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Chip, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { maxLengthOf, SsoDiscoverRequest } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { chooseOwnDevice } from '../../api/session';
import { useFormMutation } from '../../lib/useFormMutation';
import { login } from './api';
import { AuthForm } from './AuthForm';
import { PasskeyLoginButton } from './PasskeyLoginButton';
import { SsoErrorAlert, SsoLogoutNotice, SsoOfferNote } from './SsoNotices';
import { startSso } from './ssoLogin';
import { saveTwoFactor } from './storage';
import { useSsoDiscovery } from './useSsoDiscovery';

const OWN_DEVICE_HINT = 'login-own-device-hint';

/** What the page that leads here may tell the login screen. */
export interface LoginState {
  /** The session ended by itself (refresh refused). */
  sessionEnded?: boolean;
  /** Logged out of a session begun by single sign-on: the provider's end-session address. */
  endSessionUrl?: string;
}

/**
 * Step one of the login: e-mail and password; the server mails a PIN. An address of an
 * organisation with its own sign-on goes to that organisation's provider instead (docs/api.md
 * "Single sign-on"): the password is not used for it.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = location.state as LoginState | null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Ticked, the working set is kept on the device for use without network; a shared computer keeps nothing.
  const [ownDevice, setOwnDevice] = useState(true);
  const discovery = useSsoDiscovery(email);
  // Someone of the organisation's domain who is not its member may still sign in with a password.
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const offer = passwordAnyway ? null : discovery.offer;
  const mutation = useFormMutation({
    mutationFn: async () => {
      // A covered address never sends its password: the organisation's provider signs it in.
      if (!passwordAnyway && (await discovery.check()) !== null) {
        return null;
      }
      try {
        return await login(email.trim(), password);
      } catch (error) {
        // The server's word that this account signs in with its organisation: show the way there.
        if (error instanceof ApiError && error.status === 403 && (await discovery.check(true)) !== null) {
          setPasswordAnyway(false);
          return null;
        }
        throw error;
      }
    },
    onSuccess: (schema) => {
      if (schema === null) {
        return;
      }
      chooseOwnDevice(ownDevice);
      saveTwoFactor(schema);
      void navigate('/login/login-tfa');
    },
  });
  useEffect(() => {
    // Back from the provider's page out of the browser's cache: the button is not busy any more.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) {
        setLeaving(false);
      }
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  const submitRef = useRef<HTMLButtonElement>(null);
  const offered = offer !== null;
  useEffect(() => {
    // The password field goes as the offer comes: focus that went with it lands on the way in.
    if (offered && (document.activeElement === null || document.activeElement === document.body)) {
      submitRef.current?.focus();
    }
  }, [offered]);
  const submit = () => {
    if (offer) {
      chooseOwnDevice(ownDevice);
      setLeaving(true);
      startSso(offer);
    } else {
      mutation.mutate();
    }
  };
  return (
    <AuthForm
      title={{ id: 'login-title', text: t('login.title') }}
      onSubmit={submit}
      error={offer ? null : mutation.error}
      wrongSecret={t('login.wrong')}
      submit={
        offer
          ? {
              label: t('sso.signIn', { organisation: offer.organisationName }),
              testId: 'sso-start',
              pending: leaving,
              disabled: false,
              ref: submitRef,
            }
          : {
              label: t('login.submit'),
              testId: 'login-submit',
              pending: mutation.isPending,
              disabled: !email || !password,
              ref: submitRef,
            }
      }
      after={
        <>
          {!offer && (
            <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
              {t('login.forgotPassword')}
            </Anchor>
          )}
          {/* No address, no password, no PIN: the passkey is both factors (docs/security.md "Passkeys"). */}
          <PasskeyLoginButton beforeSignIn={() => chooseOwnDevice(ownDevice)} />
        </>
      }
    >
      {state?.sessionEnded === true && (
        <Alert color="cyan" variant="light" data-testid="session-ended">
          {t('login.sessionEnded')}
        </Alert>
      )}
      {state?.endSessionUrl && <SsoLogoutNotice endSessionUrl={state.endSessionUrl} />}
      <SsoErrorAlert code={searchParams.get('sso_error')} />
      <TextInput
        label={t('login.email')}
        type="email"
        autoComplete="username"
        required
        maxLength={maxLengthOf(SsoDiscoverRequest, 'email')}
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setPasswordAnyway(false);
          mutation.edited('email');
        }}
        onBlur={discovery.askNow}
        data-testid="login-email"
      />
      {offer ? (
        <SsoOfferNote offer={offer} onUsePassword={() => setPasswordAnyway(true)} />
      ) : (
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
      )}
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
