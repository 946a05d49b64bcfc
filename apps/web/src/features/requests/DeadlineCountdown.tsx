import { useEffect, useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { deadlineCountdown, type DeadlineUrgency } from '@graftmatch/domain';
import { showDateTime, showTimeLeft } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../api/serverClock';

/** How often the countdown is redrawn: it shows minutes. */
const TICK_MS = 15_000;

// Amber is yellow with dark text: white on Mantine's orange falls short of 4.5:1.
const COLOR: Record<DeadlineUrgency, string> = { normal: 'cyan.9', soon: 'yellow.6', urgent: 'red.9', passed: 'red.9' };

/** The current time on the server's clock, redrawn every `intervalMs`. */
function useServerNow(intervalMs: number): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * A deadline in UTC (the server's zone, named) and what is left of it: amber under 12 hours, red
 * under 2 (docs/decisions.md "Notifications"); the words say it too, not only the colour. A
 * reservation's unless `label` names another deadline (given the time, it says what is due).
 */
export function DeadlineCountdown({
  deadline,
  label,
  testId = 'request-deadline',
}: {
  deadline: string;
  label?: (time: string) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const countdown = deadlineCountdown(deadline, useServerNow(TICK_MS));
  const left = showTimeLeft(countdown);
  return (
    <Group gap="xs" wrap="wrap" data-testid={testId} data-urgency={countdown.urgency}>
      <Text size="sm" fw={500}>
        {label ? label(showDateTime(deadline)) : t('requests.deadline', { time: showDateTime(deadline) })}
      </Text>
      <Badge
        color={COLOR[countdown.urgency]}
        variant={countdown.urgency === 'normal' ? 'light' : 'filled'}
        c={countdown.urgency === 'soon' ? 'black' : undefined}
        leftSection={<IconClock size={12} aria-hidden />}
        data-testid="request-countdown"
      >
        {countdown.urgency === 'passed' ? t('requests.deadlinePassed') : t('requests.deadlineLeft', { left })}
      </Badge>
    </Group>
  );
}
