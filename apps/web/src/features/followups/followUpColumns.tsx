import { Anchor, Badge } from '@mantine/core';
import { webPaths, type FollowUp, type FollowUpState } from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/ColumnTable';
import { showDate, showPatientCode } from '../../i18n/format';
import { visitLabel } from './recordForm';

// The follow-up list's columns: a table row on large screens, a card's facts on phones.

// Dark shades only, for the contrast a label needs on its light background.
const STATE_COLORS: Record<FollowUpState, string> = {
  upcoming: 'gray.8',
  due: 'blue.9',
  overdue: 'red.9',
  done: 'teal.9',
  lost: 'orange.9',
  ended: 'gray.8',
};

/** When and by whom it was recorded, or why it was marked lost. */
function recorded(t: TFunction, followUp: FollowUp): string {
  if (followUp.state === 'lost') {
    return followUp.lostReason ?? '';
  }
  if (followUp.record === null) {
    return '';
  }
  return t('followups.recordedBy', { date: showDate(followUp.record.date), name: followUp.recordedBy ?? '' });
}

export function followUpColumns(t: TFunction): Column<FollowUp>[] {
  return [
    {
      key: 'lot',
      header: t('followups.column.lot'),
      nowrap: true,
      cell: (followUp) => (
        <Anchor component={Link} to={webPaths.clinicGraft(followUp.lot)} size="sm">
          {followUp.lot}
        </Anchor>
      ),
    },
    {
      key: 'patient',
      header: t('followups.column.patient'),
      cell: (followUp) => showPatientCode(followUp.patient_Code),
    },
    { key: 'visit', header: t('followups.column.visit'), nowrap: true, cell: (followUp) => visitLabel(t, followUp) },
    {
      key: 'dueOn',
      header: t('followups.column.dueOn'),
      nowrap: true,
      cell: (followUp) => (followUp.dueOn === null ? '–' : showDate(followUp.dueOn)),
    },
    {
      key: 'state',
      header: t('followups.column.state'),
      cell: (followUp) => (
        <Badge color={STATE_COLORS[followUp.state]} variant="light" data-testid="followup-state">
          {t(`followups.state.${followUp.state}`)}
        </Badge>
      ),
    },
    {
      key: 'implantedOn',
      header: t('followups.column.implantedOn'),
      nowrap: true,
      cell: (followUp) => showDate(followUp.implantedOn),
    },
    { key: 'recorded', header: t('followups.column.recorded'), cell: (followUp) => recorded(t, followUp) },
  ];
}
