import { Alert, Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from './FormError';
import { isCancelledCeremony, passkeysSupported, signInWithPasskey } from './passkeyLogin';
import { takeReturnTo } from './storage';
import { meKey } from './useMe';

/** Below the login form: signs in with a passkey alone, without password or PIN (docs/security.md "Passkeys"). */
export function PasskeyLoginButton({ beforeSignIn }: { beforeSignIn: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useMutation({
    mutationFn: async () => {
      beforeSignIn();
      await signInWithPasskey();
    },
    meta: { silent: true },
    onSuccess: () => {
      // Whoever was signed in before in this tab is not this user.
      queryClient.removeQueries({ queryKey: meKey });
      void navigate(takeReturnTo(), { replace: true });
    },
  });
  if (!passkeysSupported()) {
    return null;
  }
  return (
    <Stack gap="xs" mt="sm">
      <Button variant="default" onClick={() => login.mutate()} loading={login.isPending} data-testid="passkey-login">
        {t('passkeys.signIn')}
      </Button>
      {login.error &&
        (isCancelledCeremony(login.error) ? (
          <Alert color="yellow" variant="light" role="status" data-testid="passkey-login-cancelled">
            {t('passkeys.cancelled')}
          </Alert>
        ) : (
          <FormError error={login.error} />
        ))}
    </Stack>
  );
}
