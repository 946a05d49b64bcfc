import { Anchor, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { webPaths, type DashboardEntry, type DashboardRequest } from '@graftmatch/domain';
import { showDate, showDateTime } from '../../i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { followUpCountsQuery } from '../followups';
import { Counter, HomeCard, HomeLoading } from './HomeCard';
import { physicianHomeQuery } from './queries';
import { QuickSearch } from './QuickSearch';

function RequestItems({ items, deadline }: { items: DashboardRequest[]; deadline?: boolean }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      {items.map((item) => (
        <List.Item key={item.id}>
          <Anchor component={Link} to={webPaths.clinicGraft(item.lot)}>
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
                  <Anchor component={Link} to={webPaths.clinicGraft(lot)}>
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

/** A counter of the physician's home, shown only when it counts something. */
interface Count {
  count: number;
  label: string;
  to: string;
  testId: string;
  tone?: 'warning' | 'danger';
}

const counted = (counts: Count[]) => counts.filter((each) => each.count > 0);

function Counters({ counts }: { counts: Count[] }) {
  return counts.map(({ testId, ...counter }) => <Counter key={testId} testId={testId} {...counter} />);
}

/**
 * What waits for the physician's answer or step: the requests, the waiting-list entries with
 * matches, and those needing attention. Counters at zero are left out, a card with none left is
 * too, and when nothing counts the whole stays one line.
 */
function WaitingForYou() {
  const { t } = useTranslation();
  const home = useQuery(physicianHomeQuery);
  const followUps = useQuery(followUpCountsQuery);
  if (home.isPending || followUps.isPending) {
    return <HomeLoading />;
  }
  if (home.isError) {
    return <ErrorAlert error={home.error} onRetry={() => void home.refetch()} />;
  }
  const data = home.data;
  // Follow-ups after implantations (docs/api.md "Follow-ups"); a failure to count them hides no other counter.
  const dueFollowUps = counted(
    followUps.isError
      ? []
      : [
          {
            count: followUps.data.overdue,
            label: t('followups.home.overdue'),
            to: webPaths.clinicFollowUps({ state: 'overdue' }),
            tone: 'danger',
            testId: 'counter-followups-overdue',
          },
          {
            count: followUps.data.due,
            label: t('followups.home.due'),
            to: webPaths.clinicFollowUps({ state: 'due' }),
            testId: 'counter-followups-due',
          },
        ],
  );
  const requests = counted([
    {
      count: data.awaitingAnswer.count,
      label: t('dashboard.physician.awaitingAnswer'),
      to: webPaths.clinicRequestsIn('reserved'),
      tone: 'warning',
      testId: 'counter-awaiting',
    },
    {
      count: data.toReceive.count,
      label: t('dashboard.physician.toReceive'),
      to: webPaths.clinicRequestsIn('assigned'),
      testId: 'counter-receive',
    },
    {
      count: data.toRecord.count,
      label: t('dashboard.physician.toRecord'),
      to: webPaths.clinicRequestsIn('delivered'),
      testId: 'counter-record',
    },
  ]);
  const matches = counted([
    {
      count: data.matches.count,
      label: t('dashboard.physician.matched'),
      to: webPaths.clinicWaitingListNeeding('matches'),
      testId: 'counter-matches',
    },
  ]);
  const attention = counted([
    {
      count: data.atRisk.count,
      label: t('dashboard.physician.atRisk'),
      to: webPaths.clinicWaitingListNeeding('atRisk'),
      tone: 'danger',
      testId: 'counter-risk',
    },
    {
      count: data.passed.count,
      label: t('dashboard.physician.passed'),
      to: webPaths.clinicWaitingListNeeding('passed'),
      tone: 'warning',
      testId: 'counter-passed',
    },
  ]);
  if (requests.length + matches.length + attention.length + dueFollowUps.length === 0 && !followUps.isError) {
    return (
      <Paper withBorder p="md" radius="md" data-testid="home-waiting">
        <Text c="dimmed" data-testid="nothing-waiting">
          {t('dashboard.physician.nothingWaiting')}
        </Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="home-waiting">
      {requests.length > 0 && (
        <HomeCard
          title={t('dashboard.physician.requests')}
          testId="card-requests"
          counters={<Counters counts={requests} />}
        >
          {data.awaitingAnswer.count > 0 && <RequestItems items={data.awaitingAnswer.items} deadline />}
        </HomeCard>
      )}
      {matches.length > 0 && (
        <HomeCard
          title={t('dashboard.physician.matches')}
          testId="card-matches"
          counters={<Counters counts={matches} />}
        >
          <NewMatches count={data.newMatches.count} since={data.newMatches.since} />
          <EntryItems items={data.matches.items} lots />
        </HomeCard>
      )}
      {attention.length > 0 && (
        <HomeCard
          title={t('dashboard.physician.attention')}
          testId="card-attention"
          counters={<Counters counts={attention} />}
        >
          <EntryItems items={[...data.atRisk.items, ...data.passed.items]} />
        </HomeCard>
      )}
      {dueFollowUps.length > 0 && (
        <HomeCard
          title={t('followups.home.title')}
          testId="card-followups"
          counters={<Counters counts={dueFollowUps} />}
        />
      )}
      {followUps.isError && <ErrorAlert error={followUps.error} onRetry={() => void followUps.refetch()} />}
    </SimpleGrid>
  );
}

/**
 * The physician's home, for the phone at night too: the search first (it needs nothing loaded),
 * then what waits for an answer or a step.
 */
export function PhysicianHome() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="home-physician">
      <HomeCard title={t('dashboard.physician.quickSearch')} testId="card-quick-search" counters={null}>
        <QuickSearch />
      </HomeCard>
      <WaitingForYou />
    </Stack>
  );
}
