import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { SsoConfig } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { showDateTime } from '../../i18n/format';
import { deleteSsoConfig, getSsoConfig } from './api';
import { CopyableCode } from './CopyableCode';
import { OrganisationPart, type OrganisationInPart } from './OrganisationPart';
import { adminKeys } from './keys';
import { SsoConfigForm } from './SsoConfigForm';
import { ValueBadges } from './ValueBadges';
import classes from './admin.module.css';
import { confirmAction } from '../../components/confirmAction';
import { DestructiveButton } from '../../components/DestructiveButton';

/**
 * A clinic's or bank's single sign-on with its own OpenID Provider (docs/api.md "Single sign-on"):
 * what is set up, the redirect URI to register at the provider, and, for admins, setting it up,
 * changing and removing it. Auditors read it.
 */
export function OrganisationSso(props: OrganisationInPart) {
  const { kind, organisationId, name, canWrite } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.sso(kind, organisationId);
  const sso = useQuery({ queryKey: key, queryFn: () => getSsoConfig(kind, organisationId) });
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteSsoConfig(kind, organisationId),
    onSuccess: () => {
      queryClient.setQueryData(key, null);
      notify('success', t('admin.sso.removed', { name }));
    },
  });
  const askRemove = () =>
    confirmAction({
      title: t('admin.sso.removeTitle'),
      text: t('admin.sso.removeText', { name }),
      confirm: t('admin.sso.remove'),
      color: 'red',
      testId: 'confirm-sso-remove',
      onConfirm: () => remove.mutate(),
    });
  const config = sso.data;
  return (
    <OrganisationPart
      title={t('admin.sso.title')}
      testId={`${kind}-sso`}
      query={sso}
      form={{
        title: t(config ? 'admin.sso.editTitle' : 'admin.sso.setUpTitle', { name }),
        opened: editing,
        close: () => setEditing(false),
        body: (
          <SsoConfigForm
            kind={kind}
            organisationId={organisationId}
            name={name}
            config={config ?? null}
            onDone={() => setEditing(false)}
          />
        ),
      }}
      empty={{ shown: config === null, text: t('admin.sso.none'), testId: 'sso-none' }}
    >
      {config && <SsoFacts config={config} />}
      {canWrite && config !== undefined && (
        <Group gap="sm">
          <Button variant="light" onClick={() => setEditing(true)} data-testid="sso-edit">
            {config ? t('admin.sso.edit') : t('admin.sso.setUp')}
          </Button>
          {config && (
            <DestructiveButton onClick={askRemove} loading={remove.isPending} data-testid="sso-remove">
              {t('admin.sso.remove')}
            </DestructiveButton>
          )}
        </Group>
      )}
    </OrganisationPart>
  );
}

function SsoFacts({ config }: { config: SsoConfig }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className={classes.fields} data-testid="sso-facts">
        <dt>{t('admin.sso.fields.issuer')}</dt>
        <dd data-testid="sso-fact-issuer">{config.issuer}</dd>
        <dt>{t('admin.sso.fields.clientId')}</dt>
        <dd data-testid="sso-fact-client-id">{config.clientId}</dd>
        <dt>{t('admin.sso.fields.clientSecret')}</dt>
        <dd data-testid="sso-fact-secret">
          {config.hasClientSecret ? t('admin.sso.secretStored') : t('admin.sso.secretMissing')}
        </dd>
        <dt>{t('admin.sso.fields.emailDomains')}</dt>
        <dd>
          <ValueBadges values={config.emailDomains} testId="sso-fact-domains" />
        </dd>
        <dt>{t('admin.sso.fields.provisioning')}</dt>
        <dd data-testid="sso-fact-provisioning">{t(`admin.sso.provisioning.${config.provisioning}`)}</dd>
        <dt>{t('admin.sso.changed')}</dt>
        <dd>{showDateTime(config.updatedAt)}</dd>
      </dl>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('admin.sso.redirectUri')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('admin.sso.redirectUriHint')}
        </Text>
        <CopyableCode value={config.redirectUri} testId="sso-redirect-uri" copyTestId="sso-redirect-copy" />
      </Stack>
    </>
  );
}
