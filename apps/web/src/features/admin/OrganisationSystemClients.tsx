import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { SystemClient } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { showDateTime } from '../../i18n/format';
import { listSystemClients, revokeSystemClient } from './api';
import { CopyableCode } from './CopyableCode';
import { OrganisationPart, type OrganisationInPart } from './OrganisationPart';
import { adminKeys } from './keys';
import { SystemClientForm } from './SystemClientForm';
import { ValueBadges } from './ValueBadges';
import classes from './admin.module.css';
import { confirmAction } from '../../components/confirmAction';
import { DestructiveButton } from '../../components/DestructiveButton';

/** Where a system finds the token endpoint (docs/fhir.md "System clients", step 3). */
export const SMART_CONFIGURATION_PATH = '/api/fhir/R5/.well-known/smart-configuration';

/**
 * A clinic's or bank's own systems reading FHIR without a person (docs/fhir.md "System clients",
 * SMART Backend Services): each one's client id for the integration team, its keys and scopes, and,
 * for admins, registering one and revoking one. Auditors read.
 */
export function OrganisationSystemClients(props: OrganisationInPart) {
  const { kind, organisationId, name, canWrite } = props;
  const { t } = useTranslation();
  const clients = useQuery({
    queryKey: adminKeys.systemClients(kind, organisationId),
    queryFn: () => listSystemClients(kind, organisationId),
  });
  const [registering, setRegistering] = useState(false);
  const smartConfiguration = `${window.location.origin}${SMART_CONFIGURATION_PATH}`;
  return (
    <OrganisationPart
      title={t('admin.systemClients.title')}
      testId={`${kind}-system-clients`}
      intro={
        <Text size="xs" c="dimmed" data-testid="system-clients-help">
          {t('admin.systemClients.help')}{' '}
          <Code style={{ wordBreak: 'break-all' }} data-testid="system-clients-smart-configuration">
            {smartConfiguration}
          </Code>
        </Text>
      }
      query={clients}
      form={{
        title: t('admin.systemClients.addTitle', { name }),
        opened: registering,
        close: () => setRegistering(false),
        body: <SystemClientForm kind={kind} organisationId={organisationId} onDone={() => setRegistering(false)} />,
      }}
      empty={{ shown: clients.data?.length === 0, text: t('admin.systemClients.none'), testId: 'system-clients-none' }}
    >
      {clients.data?.map((client) => (
        <SystemClientCard key={client.id} client={client} canWrite={canWrite} />
      ))}
      {canWrite && clients.data !== undefined && (
        <Group gap="sm">
          <Button variant="light" onClick={() => setRegistering(true)} data-testid="system-client-add">
            {t('admin.systemClients.add')}
          </Button>
        </Group>
      )}
    </OrganisationPart>
  );
}

/** One system: what the integration team needs (its client id) and what it was registered with. */
function SystemClientCard({ client, canWrite }: { client: SystemClient; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.systemClients(client.organisationType, client.organisationId);
  const revoke = useMutation({
    mutationFn: () => revokeSystemClient(client.organisationType, client.organisationId, client.id),
    onSuccess: (revoked) => {
      queryClient.setQueryData<SystemClient[]>(key, (clients) =>
        clients?.map((other) => (other.id === revoked.id ? revoked : other)),
      );
      notify('success', t('admin.systemClients.revoked', { name: client.name }));
    },
  });
  const askRevoke = () =>
    confirmAction({
      title: t('admin.systemClients.revokeTitle', { name: client.name }),
      text: t('admin.systemClients.revokeText', { name: client.name }),
      confirm: t('admin.systemClients.revoke'),
      color: 'red',
      testId: 'confirm-system-client-revoke',
      onConfirm: () => revoke.mutate(),
    });
  const revoked = client.revokedAt !== null;
  return (
    <Paper withBorder p="sm" data-testid="system-client" data-client-id={client.id} data-revoked={revoked}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} c={revoked ? 'dimmed' : undefined} data-testid="system-client-title">
            {client.name}
          </Text>
          {revoked && (
            <Badge color="gray" variant="light" data-testid="system-client-revoked">
              {t('admin.systemClients.revokedBadge')}
            </Badge>
          )}
        </Group>
        <dl className={classes.fields}>
          <dt>{t('admin.systemClients.clientId')}</dt>
          <dd>
            <CopyableCode value={client.id} testId="system-client-id" size="compact-xs" />
          </dd>
          <dt>{client.jwksUrl === null ? t('admin.systemClients.keyIds') : t('admin.systemClients.fields.jwksUrl')}</dt>
          <dd data-testid="system-client-keys">
            {client.jwksUrl ?? (
              <Group gap={4}>
                {client.keyIds.map((kid) => (
                  <Code key={kid}>{kid}</Code>
                ))}
              </Group>
            )}
          </dd>
          <dt>{t('admin.systemClients.fields.scopes')}</dt>
          <dd>
            <ValueBadges values={client.scopes} testId="system-client-scopes" />
          </dd>
          <dt>{t('admin.systemClients.created')}</dt>
          <dd data-testid="system-client-created">{showDateTime(client.createdAt)}</dd>
          <dt>{t('admin.systemClients.lastUsed')}</dt>
          <dd data-testid="system-client-last-used">
            {client.lastUsedAt ? showDateTime(client.lastUsedAt) : t('admin.systemClients.never')}
          </dd>
          {client.revokedAt && (
            <>
              <dt>{t('admin.systemClients.revokedAt')}</dt>
              <dd data-testid="system-client-revoked-at">{showDateTime(client.revokedAt)}</dd>
            </>
          )}
        </dl>
        {canWrite && !revoked && (
          <Group gap="sm">
            <DestructiveButton
              size="xs"
              onClick={askRevoke}
              loading={revoke.isPending}
              data-testid="system-client-revoke"
            >
              {t('admin.systemClients.revoke')}
            </DestructiveButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
