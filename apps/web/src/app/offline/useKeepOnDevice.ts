import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isOwnDevice } from '../../api/session';
import { useMe } from '../../features/auth';
import { forgetKeptData } from './device';

/**
 * While a user is signed in on their own device (ticked at login), their working set is kept on it
 * as it changes (docs/security.md "On the device"); on a shared one nothing is, and whatever an
 * earlier session left there goes.
 */
export function useKeepOnDevice(): void {
  const queryClient = useQueryClient();
  // Read from the cache only: the route guard has loaded the user.
  const userId = useMe(false).data?.id;
  useEffect(() => {
    if (!userId) {
      return;
    }
    if (!isOwnDevice()) {
      void forgetKeptData().catch(() => undefined);
      return;
    }
    let stop: (() => void) | undefined;
    let ended = false;
    import('./keptStore')
      .then(({ startKeeping }) => startKeeping(queryClient, userId))
      .then(
        (started) => (ended ? started() : (stop = started)),
        // No IndexedDB here: the app works as before, only nothing is kept.
        () => undefined,
      );
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
