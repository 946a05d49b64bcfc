import { useEffect, useState } from 'react';
import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import { useOnline } from './useOnline';

// What the device kept is in the cache before the first render; only a page's own code (from the
// service worker) may take a moment, so a page still waiting after this was never kept.
const OFFLINE_PATIENCE_MS = 500;

/**
 * Placeholder while a page's data is on its way; the global indicator carries the text. Offline,
 * data that is not on the device cannot come: one sentence says so instead of a spinner.
 */
export function PageLoader() {
  const { t } = useTranslation();
  const online = useOnline();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (online) {
      return;
    }
    const timer = setTimeout(() => setWaited(true), OFFLINE_PATIENCE_MS);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [online]);
  return (
    <Center py="xl">
      {!online && waited ? (
        <Text role="status" c="dimmed" data-testid="not-kept">
          {t('offline.notKept')}
        </Text>
      ) : (
        <Spinner label={t('common.loading')} />
      )}
    </Center>
  );
}
