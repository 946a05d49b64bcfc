import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CreateApiKeyRequest, maxLengthOf, type ApiKey, type CreateApiKeyResponse } from '@graftmatch/domain';
import { showDateTime } from '../../i18n/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { createApiKey, listApiKeys, revokeApiKey } from './api';
import { adminKeys } from './keys';
import { confirmAction } from '../../components/confirmAction';
import { DestructiveButton } from '../../components/DestructiveButton';

/**
 * A bank's API keys (docs/import.md "API keys"): admins make one with a label and see the key
 * once, to copy; afterwards only its prefix, label and last use. Revoking asks first. Auditors read.
 */
export function EuteApiKeys({ euteId, canWrite }: { euteId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const keys = useQuery({ queryKey: adminKeys.apiKeys(euteId), queryFn: () => listApiKeys(euteId) });
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  return (
    <Stack gap="xs" data-testid="apikeys">
      <Title order={3} size="h6">
        {t('admin.apiKeys.title')}
      </Title>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {canWrite && !created && <NewKeyForm euteId={euteId} onCreated={setCreated} />}
      {keys.isPending && <PageLoader />}
      {keys.isError && <ErrorAlert error={keys.error} onRetry={() => void keys.refetch()} />}
      {keys.data?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="apikeys-empty">
          {t('admin.apiKeys.empty')}
        </Text>
      )}
      {keys.data && keys.data.length > 0 && <KeyTable euteId={euteId} keys={keys.data} canWrite={canWrite} />}
    </Stack>
  );
}

function NewKeyForm({ euteId, onCreated }: { euteId: string; onCreated: (key: CreateApiKeyResponse) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useFormMutation({
    labels: { label: t('admin.apiKeys.label') },
    mutationFn: () => createApiKey(euteId, label.trim()),
    onSuccess: async (key) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys(euteId) });
      setLabel('');
      setTouched(false);
      onCreated(key);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (label.trim() !== '') {
      create.mutate();
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="apikey-form">
      <FormRefusal form={create} testId="apikey-form-error" />
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('admin.apiKeys.label')}
          placeholder={t('admin.apiKeys.labelPlaceholder')}
          value={label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            create.edited('label');
          }}
          error={touched && label.trim() === '' ? t('admin.required') : create.fieldError('label')}
          maxLength={maxLengthOf(CreateApiKeyRequest, 'label')}
          required
          data-testid="apikey-label"
        />
        <Button type="submit" mt={25} loading={create.isPending} data-testid="apikey-create">
          {t('admin.apiKeys.create')}
        </Button>
      </Group>
    </form>
  );
}

/** The key itself, this once: copy it now, it is never shown again. */
function NewKey({ created, onDone }: { created: CreateApiKeyResponse; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="teal.9" title={t('admin.apiKeys.createdTitle', { label: created.label })} data-testid="apikey-new">
      <Stack gap="xs">
        <Text size="sm">{t('admin.apiKeys.createdText')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="apikey-secret">
          {created.key}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal.9' : undefined} onClick={copy} data-testid="apikey-copy">
                {copied ? t('admin.apiKeys.copied') : t('admin.apiKeys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone} data-testid="apikey-done">
            {t('admin.apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function KeyTable({ euteId, keys, canWrite }: { euteId: string; keys: ApiKey[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(euteId, key.id),
    onSuccess: async (_nothing, key) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys(euteId) });
      notify('success', t('admin.apiKeys.revoked', { label: key.label }));
    },
  });
  const ask = (key: ApiKey) =>
    confirmAction({
      title: t('admin.apiKeys.revokeTitle'),
      text: t('admin.apiKeys.revokeText', { label: key.label, prefix: key.keyPrefix }),
      confirm: t('admin.apiKeys.revoke'),
      color: 'red',
      testId: 'confirm-revoke',
      onConfirm: () => revoke.mutate(key),
    });
  // No scroll container: four short columns wrap on a phone, and a revoked list holds nothing to focus.
  return (
    <Table verticalSpacing="xs" data-testid="apikey-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.apiKeys.prefix')}</Table.Th>
          <Table.Th scope="col">{t('admin.apiKeys.label')}</Table.Th>
          <Table.Th scope="col">{t('admin.apiKeys.lastUsed')}</Table.Th>
          <Table.Th scope="col">{t('admin.apiKeys.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key.id} data-testid="apikey-row" data-prefix={key.keyPrefix}>
            <Table.Td>
              <Code>{key.keyPrefix}…</Code>
            </Table.Td>
            <Table.Td>{key.label}</Table.Td>
            <Table.Td>{key.lastUsedAt ? showDateTime(key.lastUsedAt) : t('admin.apiKeys.never')}</Table.Td>
            <Table.Td>
              {key.revokedAt ? (
                t('admin.apiKeys.revokedOn', { date: showDateTime(key.revokedAt) })
              ) : canWrite ? (
                <DestructiveButton size="xs" onClick={() => ask(key)} data-testid={`apikey-revoke-${key.keyPrefix}`}>
                  {t('admin.apiKeys.revoke')}
                </DestructiveButton>
              ) : (
                t('admin.apiKeys.active')
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
