import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { connectPush, type PushStatus } from '../api/push';
import { clinicKeys } from '../features/clinic/keys';
import { euteKeys } from '../features/eute/keys';
import { i18n } from '../i18n';
import { showMatchAlert } from './matchAlert';

/**
 * Keeps the push connection open while a signed-in layout is shown, turns events into re-fetches,
 * and answers whether it is live.
 */
export function usePush(): PushStatus {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PushStatus>('connecting');
  useEffect(() => {
    const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    const connection = connectPush({
      testR: (message) => {
        modals.open({
          title: i18n.t('push.alertTitle'),
          children: <Text data-testid="push-alert">{message}</Text>,
          // Rendered as an alert dialog so screen readers announce it at once.
          role: 'alertdialog',
        });
      },
      // Free-graft counts of waiting-list entries change with grafts too, so all clinic lists go.
      graftsChanged: () => {
        invalidate(clinicKeys.all);
        invalidate(euteKeys.all);
      },
      waitinglistChanged: () => {
        invalidate(clinicKeys.waitingList);
        // The tissue bank's demand list (and only it) follows every waiting-list change.
        invalidate(euteKeys.waitingList);
      },
      matchFound: (match) => void showMatchAlert(queryClient, match, (path) => void navigate(path)),
      onReconnected: () => void queryClient.invalidateQueries(),
      onStatus: setStatus,
    });
    return () => void connection.stop();
  }, [queryClient, navigate]);
  return status;
}
