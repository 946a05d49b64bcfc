import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../components/useOnline';
import { markMatchesSeen } from './api';
import { dashboardKeys } from './keys';

/**
 * Tells the server once per visit that the physician has seen their waiting list (when `shown`),
 * so the home's "new since I last looked" starts again from now (docs/decisions.md "Dashboards").
 * Offline nothing is sent (a list kept on the device is shown); it is told once online again.
 */
export function useMarkMatchesSeen(shown: boolean): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  const marked = useRef(false);
  useEffect(() => {
    if (!shown || !online || marked.current) {
      return;
    }
    marked.current = true;
    void markMatchesSeen().then(
      () => queryClient.invalidateQueries({ queryKey: dashboardKeys.physician }),
      // A missed mark only leaves matches counted as new a while longer; the next visit marks again.
      () => {
        marked.current = false;
      },
    );
  }, [shown, online, queryClient]);
}
