import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PushConnection, PushStatus } from '../api/push';
import { clinicKeys } from '../features/clinic/keys';
import { requestKeys } from '../features/requests/keys';
import { euteKeys } from '../features/eute/keys';
import { dashboardKeys } from '../features/home/keys';
import { useOnline } from '../components/useOnline';
import { i18n } from '../i18n';
import { whenIdle } from '../lib/idle';
import { showMatchAlert } from './matchAlert';
import { notificationKeys } from '../features/notifications/keys';
import { vigilanceKeys } from '../features/vigilance/keys';
import { showNotificationToast } from './notificationToast';

/** At the latest this long after the layout is shown, the push client is fetched and connects. */
const PUSH_START_TIMEOUT_MS = 1_000;

/**
 * Keeps the push connection open while a signed-in layout is shown, turns events into re-fetches,
 * and answers whether it is live. The push client (SignalR, some 55 kB of code) is fetched once
 * the page is drawn and the browser idle, so it does not hold up the first signed-in page on a
 * phone (docs/performance.md); the pages fetch their data themselves meanwhile. Offline there is
 * no connection; back online it connects again, and once live everything shown is fetched again,
 * the notification centre included, for the events missed meanwhile (docs/decisions.md "Offline").
 */
export function usePush(): PushStatus {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const [status, setStatus] = useState<PushStatus>('connecting');
  const missed = useRef(false);
  useEffect(() => {
    if (!online) {
      missed.current = true;
      // What it shows once online again, until connected.
      setStatus('connecting');
      return;
    }
    const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    let connection: PushConnection | undefined;
    let stopped = false;
    const connect = async () => {
      const { connectPush } = await import('../api/push');
      if (stopped) {
        return;
      }
      connection = connectPush({
        testR: (message) => {
          modals.open({
            title: i18n.t('push.alertTitle'),
            children: <Text data-testid="push-alert">{message}</Text>,
            // Rendered as an alert dialog so screen readers announce it at once; the role replaces
            // Mantine's dialog, so the name is given again.
            role: 'alertdialog',
            'aria-label': i18n.t('push.alertTitle'),
          });
        },
        // Free-graft counts of waiting-list entries change with grafts too, so all clinic lists go.
        graftsChanged: () => {
          invalidate(dashboardKeys.all);
          invalidate(clinicKeys.all);
          invalidate(euteKeys.all);
        },
        waitinglistChanged: () => {
          invalidate(dashboardKeys.all);
          invalidate(clinicKeys.waitingList);
          // The tissue bank's demand list (and only it) follows every waiting-list change.
          invalidate(euteKeys.waitingList);
        },
        matchFound: (match) => void showMatchAlert(queryClient, match, (path) => void navigate(path)),
        // A request's step can change a graft's list on either side.
        requestChanged: () => {
          invalidate(dashboardKeys.all);
          invalidate(requestKeys.all);
          invalidate(clinicKeys.all);
          invalidate(euteKeys.all);
        },
        // Stored before it was sent: the bell re-counts, and the centre shows it.
        notification: (notification) => {
          invalidate(notificationKeys.all);
          showNotificationToast(notification, (path) => void navigate(path));
        },
        // Reminders reach the user by mail too; the page they point to shows the current state.
        reminder: () => undefined,
        // A report was made or took a step: its list and page re-fetch, and so do the grafts it quarantined.
        vigilanceChanged: () => {
          invalidate(vigilanceKeys.all);
          invalidate(clinicKeys.all);
          invalidate(euteKeys.all);
        },
        onReconnected: () => void queryClient.invalidateQueries(),
        onStatus: (next) => {
          // A connection stopped offline may report its close long after.
          if (stopped) {
            return;
          }
          if (next === 'live' && missed.current) {
            missed.current = false;
            void queryClient.invalidateQueries();
          }
          setStatus(next);
        },
      });
    };
    const cancel = whenIdle(() => {
      // A client that cannot be fetched (the network gone, the app updated meanwhile) is offline.
      connect().catch(() => setStatus('offline'));
    }, PUSH_START_TIMEOUT_MS);
    return () => {
      stopped = true;
      cancel();
      void connection?.stop();
    };
  }, [queryClient, navigate, online]);
  return online ? status : 'offline';
}
