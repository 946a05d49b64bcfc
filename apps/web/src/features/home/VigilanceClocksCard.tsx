import { Anchor, List, Stack, Text } from '@mantine/core';
import { webPaths, type EuteDashboard } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeadlineCountdown } from '../requests';
import { Counter, HomeCard, Nothing } from './HomeCard';

/**
 * The bank's open vigilance reports with the time left to the deadline of each one's open part,
 * soonest first; a passed deadline is red and says so. Each links to its report.
 */
export function VigilanceClocksCard({ vigilance }: { vigilance: EuteDashboard['vigilance'] }) {
  const { t } = useTranslation();
  return (
    <HomeCard
      title={t('dashboard.eute.vigilance')}
      testId="card-vigilance"
      counters={
        <Counter
          count={vigilance.count}
          label={t('dashboard.eute.vigilanceOpen')}
          to={webPaths.openVigilance}
          tone="warning"
          testId="counter-vigilance"
        />
      }
    >
      {vigilance.count === 0 ? (
        <Nothing text={t('dashboard.eute.noVigilance')} />
      ) : (
        <List size="sm" spacing="xs" listStyleType="none" data-testid="vigilance-clocks">
          {vigilance.items.map((report) => (
            <List.Item key={report.id} data-testid="vigilance-clock-item" data-id={report.id}>
              <Stack gap={2}>
                <Text size="sm">
                  <Anchor component={Link} to={webPaths.vigilanceReport(report.id)} fw={600}>
                    {report.reference}
                  </Anchor>{' '}
                  · {report.kind} · {t('vigilance.lot')}: {report.lot}
                </Text>
                <DeadlineCountdown
                  deadline={report.deadline}
                  label={(time) =>
                    t(report.stage === 'notification' ? 'vigilance.clockNotification' : 'vigilance.clockConfirmation', {
                      time,
                    })
                  }
                  testId="vigilance-clock"
                />
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </HomeCard>
  );
}
