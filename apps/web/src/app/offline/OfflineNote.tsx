import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../components/useOnline';
import { showRecentTime } from '../../i18n/format';
import { usePageAsOf } from './useDataTimes';

/**
 * Offline, a quiet line above a kept page: how old what it shows is. A page that was not kept says
 * so itself instead (its loader's sentence), and this line stays away.
 */
export function OfflineNote() {
  const { t } = useTranslation();
  const online = useOnline();
  const asOf = usePageAsOf(!online);
  if (online || asOf === null) {
    return null;
  }
  return (
    <Text size="sm" c="dimmed" mb="sm" data-testid="offline-as-of">
      {t('offline.asOf', { time: showRecentTime(new Date(asOf)) })}
    </Text>
  );
}
