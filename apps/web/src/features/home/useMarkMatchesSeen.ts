import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { markMatchesSeen } from './api';
import { dashboardKeys } from './keys';

/**
 * Tells the server once per visit that the physician has seen their waiting list (when `shown`),
 * so the home's "new since I last looked" starts again from now (docs/decisions.md "Dashboards").
 */
export function useMarkMatchesSeen(shown: boolean): void {
  const queryClient = useQueryClient();
  const marked = useRef(false);
  useEffect(() => {
    if (!shown || marked.current) {
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
  }, [shown, queryClient]);
}
