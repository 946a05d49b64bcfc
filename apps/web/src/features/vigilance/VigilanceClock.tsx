import { useEffect, useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { deadlineCountdown, openStage, type DeadlineUrgency, type VigilanceReport } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../api/serverClock';
import { showDateTime } from '../../i18n/format';

const TICK_MS = 15_000;
// Amber is yellow with dark text: white on Mantine's orange falls short of 4.5:1.
const COLOR: Record<DeadlineUrgency, string> = { normal: 'cyan.9', soon: 'yellow.6', urgent: 'red.9', passed: 'red.9' };

/**
 * The deadline of the report's open part, in UTC, and what is left of it (amber under 12 hours,
 * red under 2, as every deadline in the app); nothing once both parts are in.
 */
export function VigilanceClock({ report }: { report: VigilanceReport }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const stage = openStage(report.state);
  if (stage === null) {
    return null;
  }
  const deadline = stage === 'notification' ? report.notificationDeadline : report.confirmationDeadline;
  const countdown = deadlineCountdown(deadline, now);
  const left =
    countdown.days > 0
      ? t('requests.deadlineDays', { days: countdown.days, hours: countdown.hours })
      : t('requests.deadlineHours', { hours: countdown.hours, minutes: countdown.minutes });
  return (
    <Group gap="xs" wrap="wrap" data-testid="vigilance-clock" data-urgency={countdown.urgency}>
      <Text size="sm" fw={500}>
        {t(stage === 'notification' ? 'vigilance.clockNotification' : 'vigilance.clockConfirmation', {
          time: showDateTime(deadline),
        })}
      </Text>
      <Badge
        color={COLOR[countdown.urgency]}
        variant={countdown.urgency === 'normal' ? 'light' : 'filled'}
        c={countdown.urgency === 'soon' ? 'black' : undefined}
        leftSection={<IconClock size={12} aria-hidden />}
      >
        {countdown.urgency === 'passed' ? t('vigilance.clockPassed') : t('vigilance.clockLeft', { left })}
      </Badge>
    </Group>
  );
}
