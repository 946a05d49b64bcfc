import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { isIsoDate, PROCESS_STEP_NAMES, StepStatus, toIsoDate, type Graft } from '@graftmatch/domain';
import { notDocumented } from '../../i18n/format';
import { useTranslation } from 'react-i18next';

const ICONS = {
  [StepStatus.Open]: <IconCircleDashed size={14} aria-hidden />,
  [StepStatus.Done]: <IconCheck size={14} aria-hidden />,
  [StepStatus.Failed]: <IconX size={14} aria-hidden />,
};

// outValue holds a date for most steps, a reference for some; dates show as yyyy-mm-dd.
function outValueText(value: string | null): string {
  if (value === null || value.trim() === '') {
    return notDocumented();
  }
  return isIsoDate(value) ? value : (toIsoDate(value) ?? value);
}

/** The seven process steps in order, done ones highlighted up to the last one reached. */
export function ProcessTimeline({ graft }: { graft: Graft }) {
  const { t } = useTranslation();
  const lastReached = PROCESS_STEP_NAMES.reduce(
    (last, name, index) => (graft[name].status === StepStatus.Open ? last : index),
    -1,
  );
  return (
    <Timeline active={lastReached} bulletSize={22} lineWidth={2} data-testid="process-timeline">
      {PROCESS_STEP_NAMES.map((name) => {
        const step = graft[name];
        return (
          <Timeline.Item
            key={name}
            bullet={ICONS[step.status]}
            color={step.status === StepStatus.Failed ? 'red.9' : undefined}
            title={t(`steps.${name}`)}
            data-testid={`step-${name}`}
          >
            <Text size="sm">
              {t(`stepStatus.${step.status}`)} · {outValueText(step.outValue)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
