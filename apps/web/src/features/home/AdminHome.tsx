import { Alert, Anchor, Badge, Group, List, SimpleGrid, Text } from '@mantine/core';
import { webPaths, type AdminDashboard } from '@graftmatch/domain';
import { showDateTime } from '../../i18n/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Counter, HomeCard, HomeLoading, Nothing } from './HomeCard';
import { adminHomeQuery } from './queries';

/** The admin's home (auditors read it and change nothing): accounts, imports, mails, push, health, audit. */
export function AdminHome() {
  const { t } = useTranslation();
  const home = useQuery(adminHomeQuery);
  if (home.isPending) {
    return <HomeLoading />;
  }
  if (home.isError) {
    return <ErrorAlert error={home.error} onRetry={() => void home.refetch()} />;
  }
  const data = home.data;
  return (
    <>
      {data.readOnly && (
        <Alert color="blue" mb="md" data-testid="auditor-note">
          {t('dashboard.admin.readOnly')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="home-admin">
        <HomeCard
          title={t('dashboard.admin.accounts')}
          testId="card-accounts"
          counters={
            <>
              <Counter
                count={data.locked.count}
                label={t('dashboard.admin.locked')}
                to={webPaths.adminUsers({ show: 'locked' })}
                tone="warning"
                testId="counter-locked"
              />
              <Counter
                count={data.neverLoggedIn.count}
                label={t('dashboard.admin.never')}
                to={webPaths.adminUsers({ show: 'never' })}
                testId="counter-never"
              />
            </>
          }
        >
          {data.locked.count + data.neverLoggedIn.count === 0 ? (
            <Nothing text={t('dashboard.admin.noAccounts')} />
          ) : (
            <List size="sm" spacing={4}>
              {[...data.locked.items, ...data.neverLoggedIn.items].map((account) => (
                <List.Item key={account.id}>
                  <Anchor component={Link} to={webPaths.adminUsers({ selected: account.id })}>
                    {account.name}
                  </Anchor>{' '}
                  · {account.email}
                </List.Item>
              ))}
            </List>
          )}
        </HomeCard>
        <HomeCard
          title={t('dashboard.admin.operations')}
          testId="card-operations"
          counters={
            <>
              <Counter
                count={data.importProblems.count}
                label={t('dashboard.admin.importProblems')}
                tone="warning"
                testId="counter-imports"
              />
              <Counter
                count={data.failedMails}
                label={t('dashboard.admin.failedMails')}
                to={webPaths.adminMails({ state: 'failed' })}
                tone="danger"
                testId="counter-mails"
              />
              <Counter count={data.pushConnections} label={t('dashboard.admin.push')} testId="counter-push" />
            </>
          }
        >
          <Group gap="xs" mb="xs" data-testid="health">
            <Badge color={data.health.database ? 'teal.9' : 'red.9'} variant="light">
              {t(data.health.database ? 'dashboard.admin.dbUp' : 'dashboard.admin.dbDown', {
                engine: data.health.engine,
              })}
            </Badge>
            <Badge color={data.health.missingFiles === 0 ? 'teal.9' : 'red.9'} variant="light">
              {t('dashboard.admin.missingFiles', { count: data.health.missingFiles })}
            </Badge>
          </Group>
          {data.importProblems.items.length > 0 && (
            <List size="sm" spacing={4}>
              {data.importProblems.items.map((bank) => (
                <List.Item key={bank.euteId}>
                  {bank.name} ·{' '}
                  {bank.lastImportAt
                    ? t('dashboard.admin.lastImport', { when: showDateTime(bank.lastImportAt), failed: bank.failed })
                    : t('dashboard.admin.noImport')}
                </List.Item>
              ))}
            </List>
          )}
        </HomeCard>
        <FailingSubscriptions subscriptions={data.failingSubscriptions} />
        <HomeCard title={t('dashboard.admin.audit')} testId="card-audit" counters={null}>
          {data.latestAudit.length === 0 ? (
            <Nothing text={t('dashboard.admin.noAudit')} />
          ) : (
            <List size="sm" spacing={4}>
              {data.latestAudit.map((event) => (
                <List.Item key={event.id}>
                  <Text span size="sm" c="dimmed">
                    {showDateTime(event.at)}
                  </Text>{' '}
                  {event.action} · {event.actor ?? t('dashboard.admin.system')}
                </List.Item>
              ))}
            </List>
          )}
          <Anchor component={Link} to={webPaths.adminAuditLog} size="sm">
            {t('dashboard.admin.toAudit')}
          </Anchor>
        </HomeCard>
      </SimpleGrid>
    </>
  );
}

/**
 * FHIR subscriptions in error (docs/fhir.md "Subscriptions"), each linked to its organisation's admin
 * page where its system clients are listed; away when there is none, as the import problems are.
 */
function FailingSubscriptions({ subscriptions }: { subscriptions: AdminDashboard['failingSubscriptions'] }) {
  const { t } = useTranslation();
  if (subscriptions.count === 0) {
    return null;
  }
  return (
    <HomeCard
      title={t('dashboard.admin.subscriptions')}
      testId="card-subscriptions"
      counters={
        <Counter
          count={subscriptions.count}
          label={t('dashboard.admin.subscriptionsInError')}
          tone="danger"
          testId="counter-subscriptions"
        />
      }
    >
      <List size="sm" spacing={4}>
        {subscriptions.items.map((subscription) => (
          <List.Item key={subscription.id} data-testid="failing-subscription">
            <Anchor
              component={Link}
              to={
                subscription.organisationType === 'clinic'
                  ? webPaths.adminClinics({ selected: subscription.organisationId })
                  : webPaths.adminEutes({ selected: subscription.organisationId })
              }
            >
              {subscription.clientName}
            </Anchor>{' '}
            · {subscription.organisationName}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {subscription.endpoint}
            </Text>
            <Text size="xs">
              {t('dashboard.admin.subscriptionError', {
                since: showDateTime(subscription.errorSince),
                error: subscription.lastError ?? t('dashboard.admin.noErrorText'),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </HomeCard>
  );
}
