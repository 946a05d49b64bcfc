import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../api/session';
import type { LoginState } from '../features/auth/LoginPage';
import { logoutWithEndSession } from '../features/auth/ssoLogin';
import { clearDeviceState } from './deviceState';

/**
 * Logout ends the server session, then forgets everything in this tab and goes to root, which
 * leads to login. A failed logout clears just the same (spec §4) and shows the error. A session
 * begun by single sign-on lands on the login with a notice that offers to sign out of the
 * organisation's account as well (docs/api.md "Single sign-on").
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logoutWithEndSession,
    onSettled: (endSessionUrl) => {
      clearSession();
      clearDeviceState();
      queryClient.clear();
      if (endSessionUrl) {
        const state: LoginState = { endSessionUrl };
        void navigate('/login', { replace: true, state });
      } else {
        void navigate('/', { replace: true });
      }
    },
  });
}
