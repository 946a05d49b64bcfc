import { Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PushStatus } from '../api/push';
import { useOnline } from '../components/useOnline';
import { useSmallScreen } from '../components/useScreen';
import { showRecentTime } from '../i18n/format';
import { useNewestData } from './offline/useDataTimes';
import classes from './PushIndicator.module.css';

/**
 * A small dot and word in the header: whether changes by others appear as they happen. A status
 * region, so screen readers hear when it goes offline or live again; colour is never the only cue.
 * Without network it says so on every screen size, with the time of the newest data on hand (on a
 * phone, where the header has no room for it, in its hint and in each page's "as of" line).
 */
export function PushIndicator({ status }: { status: PushStatus }) {
  const { t } = useTranslation();
  const online = useOnline();
  const small = useSmallScreen();
  const newest = useNewestData(!online);
  const live = online && status === 'live';
  const offline = newest === null ? t('push.offline') : t('offline.header', { time: showRecentTime(new Date(newest)) });
  const label = online
    ? t(live ? 'push.live' : status === 'connecting' ? 'push.connecting' : 'push.offline')
    : small
      ? t('push.offline')
      : offline;
  const hint = online ? t(live ? 'push.liveHint' : 'push.offlineHint') : t('offline.hint', { status: offline });
  return (
    <Tooltip label={hint} multiline w={240} withArrow>
      <Group
        gap={6}
        wrap="nowrap"
        role="status"
        tabIndex={0}
        data-testid="push-status"
        data-status={online ? status : 'offline'}
        data-network={online ? 'online' : 'offline'}
      >
        <span className={classes.dot} data-live={live} aria-hidden />
        <Text size="xs" c="dimmed" visibleFrom={online ? 'xs' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
      </Group>
    </Tooltip>
  );
}
