import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../api/session';
import { logout } from '../features/auth/api';
import { clearDeviceState } from './deviceState';

/**
 * Logout ends the server session, then forgets everything in this tab and goes to root, which
 * leads to login. A failed logout clears just the same (spec §4) and shows the error.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      clearDeviceState();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
