import { openStage, type VigilanceReport } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { DeadlineCountdown } from '../requests';

/** The deadline of the report's open part and what is left of it; nothing once both parts are in. */
export function VigilanceClock({ report }: { report: VigilanceReport }) {
  const { t } = useTranslation();
  const stage = openStage(report.state);
  if (stage === null) {
    return null;
  }
  return (
    <DeadlineCountdown
      deadline={stage === 'notification' ? report.notificationDeadline : report.confirmationDeadline}
      label={(time) =>
        t(stage === 'notification' ? 'vigilance.clockNotification' : 'vigilance.clockConfirmation', { time })
      }
      testId="vigilance-clock"
    />
  );
}
