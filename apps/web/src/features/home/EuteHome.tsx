import { Alert, Anchor, List, SimpleGrid, Text } from '@mantine/core';
import { webPaths, type DashboardRequest } from '@graftmatch/domain';
import { showDate, showDateTime } from '../../i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Counter, HomeCard, HomeLoading, Nothing } from './HomeCard';
import { euteHomeQuery } from './queries';
import { StockDemandHeatmap } from './StockDemandHeatmap';
import { StockTrendCard } from './StockTrendCard';
import { VigilanceClocksCard } from './VigilanceClocksCard';

function RequestItems({ items }: { items: DashboardRequest[] }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      {items.map((item) => (
        <List.Item key={item.id}>
          {item.lot} · {item.clinic} ·{' '}
          {item.deadline
            ? t('dashboard.until', { when: showDateTime(item.deadline) })
            : t('dashboard.since', { when: showDateTime(item.requestedAt) })}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The tissue bank's home: requests by age, reservations lapsing, the vigilance clocks, expiring
 * stock, stock against demand, imports.
 */
export function EuteHome() {
  const { t } = useTranslation();
  const home = useQuery(euteHomeQuery);
  if (home.isPending) {
    return <HomeLoading />;
  }
  if (home.isError) {
    return <ErrorAlert error={home.error} onRetry={() => void home.refetch()} />;
  }
  const data = home.data;
  const { byAge } = data.openRequests;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="home-eute">
      <HomeCard
        title={t('dashboard.eute.requests')}
        testId="card-bank-requests"
        counters={
          <>
            <Counter
              count={data.openRequests.count}
              label={t('dashboard.eute.open')}
              to={webPaths.euteRequestsShowing('open')}
              testId="counter-open"
            />
            <Counter
              count={data.lapsing.count}
              label={t('dashboard.eute.lapsing')}
              to={webPaths.euteRequestsShowing('lapsing')}
              tone="warning"
              testId="counter-lapsing"
            />
            <Counter
              count={data.awaitingDelivery.count}
              label={t('dashboard.eute.awaitingDelivery')}
              to={webPaths.euteRequestsShowing('delivery')}
              testId="counter-delivery"
            />
          </>
        }
      >
        {data.openRequests.count + data.lapsing.count + data.awaitingDelivery.count === 0 ? (
          <Nothing text={t('dashboard.eute.noRequests')} />
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="open-by-age">
              {t('dashboard.eute.byAge', byAge)}
            </Text>
            <RequestItems items={[...data.lapsing.items, ...data.openRequests.items]} />
            <Anchor component={Link} to={webPaths.euteRequests} size="sm">
              {t('dashboard.eute.toInbox')}
            </Anchor>
          </>
        )}
      </HomeCard>
      <VigilanceClocksCard vigilance={data.vigilance} />
      <HomeCard
        title={t('dashboard.eute.expiring')}
        testId="card-expiring"
        counters={
          <>
            <Counter
              count={data.expiring.within30}
              label={t('dashboard.eute.within', { days: 30 })}
              to={webPaths.euteStock({ expiresWithin: 30 })}
              tone="danger"
              testId="counter-exp30"
            />
            <Counter
              count={data.expiring.within60}
              label={t('dashboard.eute.within', { days: 60 })}
              to={webPaths.euteStock({ expiresWithin: 60 })}
              tone="warning"
              testId="counter-exp60"
            />
            <Counter
              count={data.expiring.within90}
              label={t('dashboard.eute.within', { days: 90 })}
              to={webPaths.euteStock({ expiresWithin: 90 })}
              testId="counter-exp90"
            />
          </>
        }
      >
        {data.expiring.items.length === 0 ? (
          <Nothing text={t('dashboard.eute.noExpiring')} />
        ) : (
          <List size="sm" spacing={4}>
            {data.expiring.items.map((graft) => (
              <List.Item key={graft.lot}>
                <Anchor component={Link} to={webPaths.euteDonation(graft.lot)}>
                  {graft.lot}
                </Anchor>{' '}
                · {showDate(graft.expiry)}
              </List.Item>
            ))}
          </List>
        )}
      </HomeCard>
      <HomeCard title={t('dashboard.eute.imports')} testId="card-imports" counters={null}>
        {data.staleImport && (
          <Alert color="orange" mb="sm" data-testid="stale-import">
            {t('dashboard.eute.stale', { days: data.staleAfterDays })}
          </Alert>
        )}
        {data.lastImport ? (
          <Text size="sm" data-testid="last-import">
            {t('dashboard.eute.lastImport', {
              when: showDateTime(data.lastImport.date),
              rows: data.lastImport.rows,
              failed: data.lastImport.failed,
            })}{' '}
            <Anchor component={Link} to={webPaths.importLog(data.lastImport.id)}>
              {t('dashboard.eute.openLog')}
            </Anchor>
          </Text>
        ) : (
          <Nothing text={t('dashboard.eute.noImport')} />
        )}
      </HomeCard>
      <HomeCard title={t('dashboard.eute.heatmap')} testId="card-heatmap" counters={null} wide>
        {data.stockDemand.length === 0 ? (
          <Nothing text={t('dashboard.eute.noStockDemand')} />
        ) : (
          <StockDemandHeatmap cells={data.stockDemand} />
        )}
      </HomeCard>
      <StockTrendCard />
    </SimpleGrid>
  );
}
