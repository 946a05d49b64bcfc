import { Anchor, List, SimpleGrid, Text } from '@mantine/core';
import { webPaths, type DashboardEntry, type DashboardRequest, type EntryAttention } from '@graftmatch/domain';
import { showDate, showDateTime } from '../../i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Counter, HomeCard, HomeLoading, Nothing } from './HomeCard';
import { physicianHomeQuery } from './queries';
import { QuickSearch } from './QuickSearch';

const requestsIn = (state: string) => `/home/clinic/requests?state=${state}`;
const entriesNeeding = (attention: EntryAttention) => `/home/clinic/waitinglist?show=${attention}`;

function RequestItems({ items, deadline }: { items: DashboardRequest[]; deadline?: boolean }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      {items.map((item) => (
        <List.Item key={item.id}>
          <Anchor component={Link} to={`/home/clinic/graft/${encodeURIComponent(item.lot)}`}>
            {item.lot}
          </Anchor>
          {item.patientCode ? ` · ${item.patientCode}` : ''}
          {deadline && item.deadline && (
            <Text span size="sm" fw={600}>
              {' '}
              · {t('dashboard.until', { when: showDateTime(item.deadline) })}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

function EntryItems({ items, lots }: { items: DashboardEntry[]; lots?: boolean }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      {items.map((entry) => (
        <List.Item key={entry.id}>
          {entry.patientCode} · {entry.dMin}–{entry.dMax} mm ·{' '}
          {t('dashboard.window', { from: showDate(entry.from), until: showDate(entry.until) })}
          {lots && entry.lots.length > 0 && (
            <>
              {' → '}
              {entry.lots.map((lot, index) => (
                <span key={lot}>
                  {index > 0 && ', '}
                  <Anchor component={Link} to={`/home/clinic/graft/${encodeURIComponent(lot)}`}>
                    {lot}
                  </Anchor>
                </span>
              ))}
            </>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** How many of the matched entries a graft freed since the physician last looked at their waiting list fits. */
function NewMatches({ count, since }: { count: number; since: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={count > 0 ? 600 : undefined} mb="xs" data-testid="new-matches" data-count={count}>
      {since === null
        ? t('dashboard.physician.newNeverLooked', { count })
        : t('dashboard.physician.newSince', { count, when: showDateTime(since) })}{' '}
      <Anchor component={Link} to={webPaths.clinicWaitingList}>
        {t('dashboard.physician.toWaitingList')}
      </Anchor>
    </Text>
  );
}

/** The physician's home: requests that need an answer or a step, and waiting-list entries that need a look. */
export function PhysicianHome() {
  const { t } = useTranslation();
  const home = useQuery(physicianHomeQuery);
  if (home.isPending) {
    return <HomeLoading />;
  }
  if (home.isError) {
    return <ErrorAlert error={home.error} onRetry={() => void home.refetch()} />;
  }
  const data = home.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="home-physician">
      <HomeCard
        title={t('dashboard.physician.requests')}
        testId="card-requests"
        counters={
          <>
            <Counter
              count={data.awaitingAnswer.count}
              label={t('dashboard.physician.awaitingAnswer')}
              to={requestsIn('reserved')}
              tone="warning"
              testId="counter-awaiting"
            />
            <Counter
              count={data.toReceive.count}
              label={t('dashboard.physician.toReceive')}
              to={requestsIn('assigned')}
              testId="counter-receive"
            />
            <Counter
              count={data.toRecord.count}
              label={t('dashboard.physician.toRecord')}
              to={requestsIn('delivered')}
              testId="counter-record"
            />
          </>
        }
      >
        {data.awaitingAnswer.count + data.toReceive.count + data.toRecord.count === 0 ? (
          <Nothing text={t('dashboard.physician.noRequests')} />
        ) : (
          <RequestItems items={data.awaitingAnswer.items} deadline />
        )}
      </HomeCard>
      <HomeCard
        title={t('dashboard.physician.matches')}
        testId="card-matches"
        counters={
          <Counter
            count={data.matches.count}
            label={t('dashboard.physician.matched')}
            to={entriesNeeding('matches')}
            testId="counter-matches"
          />
        }
      >
        {data.matches.count === 0 ? (
          <Nothing text={t('dashboard.physician.noMatches')} />
        ) : (
          <>
            <NewMatches count={data.newMatches.count} since={data.newMatches.since} />
            <EntryItems items={data.matches.items} lots />
          </>
        )}
      </HomeCard>
      <HomeCard title={t('dashboard.physician.quickSearch')} testId="card-quick-search" counters={null}>
        <QuickSearch />
      </HomeCard>
      <HomeCard
        title={t('dashboard.physician.attention')}
        testId="card-attention"
        counters={
          <>
            <Counter
              count={data.atRisk.count}
              label={t('dashboard.physician.atRisk')}
              to={entriesNeeding('atRisk')}
              tone="danger"
              testId="counter-risk"
            />
            <Counter
              count={data.passed.count}
              label={t('dashboard.physician.passed')}
              to={entriesNeeding('passed')}
              tone="warning"
              testId="counter-passed"
            />
          </>
        }
      >
        {data.atRisk.count + data.passed.count === 0 ? (
          <Nothing text={t('dashboard.physician.noAttention')} />
        ) : (
          <EntryItems items={[...data.atRisk.items, ...data.passed.items]} />
        )}
      </HomeCard>
    </SimpleGrid>
  );
}
