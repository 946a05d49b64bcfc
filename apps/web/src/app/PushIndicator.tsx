import { Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PushStatus } from '../api/push';
import classes from './PushIndicator.module.css';

/**
 * A small dot and word in the header: whether changes by others appear as they happen. A status
 * region, so screen readers hear when it goes offline or live again; colour is never the only cue.
 */
export function PushIndicator({ status }: { status: PushStatus }) {
  const { t } = useTranslation();
  const live = status === 'live';
  return (
    <Tooltip label={t(live ? 'push.liveHint' : 'push.offlineHint')} multiline w={240} withArrow>
      <Group gap={6} wrap="nowrap" role="status" tabIndex={0} data-testid="push-status" data-status={status}>
        <span className={classes.dot} data-live={live} aria-hidden />
        <Text size="xs" c="dimmed" visibleFrom="xs">
          {t(live ? 'push.live' : status === 'connecting' ? 'push.connecting' : 'push.offline')}
        </Text>
      </Group>
    </Tooltip>
  );
}
