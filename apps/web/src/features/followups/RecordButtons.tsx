import { useState } from 'react';
import { Button } from '@mantine/core';
import type { FollowUp } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { lotFollowUpsQuery } from './queries';
import { RecordFollowUpForm, type RecordTarget } from './RecordFollowUpForm';
import { visitLabel } from './recordForm';

/** A button that opens the follow-up form for `target` in a dialog (the whole screen on phones). */
function RecordButton(props: {
  target: RecordTarget;
  title: string;
  label: string;
  testId: string;
  size: 'xs' | 'sm' | 'compact-sm';
  variant: 'filled' | 'light' | 'default';
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={props.size} variant={props.variant} onClick={() => setOpened(true)} data-testid={props.testId}>
        {props.label}
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title={props.title}>
        <RecordFollowUpForm target={props.target} onDone={() => setOpened(false)} />
      </FormModal>
    </>
  );
}

/** "Record" on a due, overdue or lost scheduled follow-up. */
export function RecordVisitButton({ followUp, compact }: { followUp: FollowUp; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <RecordButton
      target={{ ...followUp, followUp }}
      title={t('followups.recordTitle', { visit: visitLabel(t, followUp), lot: followUp.lot })}
      label={t('followups.record')}
      testId="followup-record"
      size={compact ? 'compact-sm' : 'xs'}
      variant="filled"
    />
  );
}

/** "Record an event" (a death, a reintervention, an explant) of the graft a follow-up is of. */
export function RecordEventButton({ followUp, compact }: { followUp: FollowUp; compact: boolean }) {
  const { t } = useTranslation();
  const { lot, implantedOn, clinicTimeZone } = followUp;
  return (
    <RecordButton
      target={{ lot, implantedOn, clinicTimeZone }}
      title={t('followups.eventTitle', { lot })}
      label={t('followups.recordEvent')}
      testId="followup-record-event"
      size={compact ? 'compact-sm' : 'xs'}
      variant="default"
    />
  );
}

/**
 * "Record an event" on a graft's details page, for a graft implanted at the caller's clinic: shown
 * once its follow-ups are read (a graft without a schedule has none to record against).
 */
export function GraftEventButton({ lot }: { lot: string }) {
  const { t } = useTranslation();
  const followUps = useQuery(lotFollowUpsQuery(lot));
  const first = followUps.data?.items[0];
  if (!first) {
    return null;
  }
  return (
    <RecordButton
      target={{ lot, implantedOn: first.implantedOn, clinicTimeZone: first.clinicTimeZone }}
      title={t('followups.eventTitle', { lot })}
      label={t('followups.recordEvent')}
      testId="graft-record-event"
      size="sm"
      variant="light"
    />
  );
}
