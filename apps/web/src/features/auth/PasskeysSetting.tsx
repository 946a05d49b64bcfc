import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { PASSKEY_NAME_MAX, type Passkey } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { notify } from '../../components/notify';
import { showDateTime } from '../../i18n/format';
import { FormError } from './FormError';
import { isCancelledCeremony, passkeysSupported } from './passkeyLogin';
import { addPasskey, myPasskeysQuery, passkeysKey } from './passkeys';
import { meKey } from './useMe';
import { confirmAction } from '../../components/confirmAction';

/** The settings page's passkeys (docs/security.md "Passkeys"): add with a name, rename, remove. */
export function PasskeysSetting() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const passkeys = useQuery(myPasskeysQuery);
  const [name, setName] = useState('');
  const changed = () => client.invalidateQueries({ queryKey: meKey });
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    meta: { silent: true },
    onSuccess: async () => {
      setName('');
      notify('success', t('passkeys.added'));
      await changed();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  if (!passkeysSupported()) {
    return <Text size="sm">{t('passkeys.unsupported')}</Text>;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('passkeys.intro')}
      </Text>
      {passkeys.data?.length === 0 && (
        <Text size="sm" data-testid="passkeys-none">
          {t('passkeys.none')}
        </Text>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="passkeys-list">
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onChanged={changed} />
          ))}
        </Stack>
      )}
      <form onSubmit={submit} aria-label={t('passkeys.add')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('passkeys.name')}
            placeholder={t('passkeys.namePlaceholder')}
            maxLength={PASSKEY_NAME_MAX}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 180 }}
            data-testid="passkey-name"
          />
          <Button
            type="submit"
            leftSection={<IconKey size={16} aria-hidden />}
            loading={add.isPending}
            disabled={name.trim() === ''}
            data-testid="passkey-add"
          >
            {t('passkeys.add')}
          </Button>
        </Group>
      </form>
      {add.error &&
        (isCancelledCeremony(add.error) ? (
          <Alert color="yellow" variant="light" role="status">
            {t('passkeys.cancelled')}
          </Alert>
        ) : (
          <FormError error={add.error} />
        ))}
    </Stack>
  );
}

function PasskeyItem({ passkey, onChanged }: { passkey: Passkey; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const client = useQueryClient();
  const rename = useMutation({
    mutationFn: () => call('PATCH /users/passkeys/{id}', { params: { id: passkey.id }, body: { name: name.trim() } }),
    onSuccess: async () => {
      setEditing(false);
      notify('success', t('passkeys.renamed'));
      await client.invalidateQueries({ queryKey: passkeysKey });
    },
  });
  const remove = useMutation({
    mutationFn: () => call('DELETE /users/passkeys/{id}', { params: { id: passkey.id } }),
    onSuccess: async () => {
      notify('success', t('passkeys.removed'));
      await onChanged();
    },
  });
  const confirmRemove = () =>
    confirmAction({
      title: t('passkeys.removeTitle'),
      text: t('passkeys.removeText', { name: passkey.name }),
      confirm: t('passkeys.remove'),
      color: 'red',
      testId: 'confirm-passkey-remove',
      onConfirm: () => remove.mutate(),
    });
  const saveName = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <li data-testid="passkey-item" data-name={passkey.name}>
      {editing ? (
        <form onSubmit={saveName}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('passkeys.name')}
              maxLength={PASSKEY_NAME_MAX}
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 180 }}
              data-testid="passkey-rename-input"
            />
            <Button
              type="submit"
              loading={rename.isPending}
              disabled={name.trim() === ''}
              data-testid="passkey-rename-save"
            >
              {t('common.save')}
            </Button>
            <Button variant="subtle" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {passkey.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('passkeys.created', { when: showDateTime(passkey.createdAt) })} ·{' '}
              {passkey.lastUsedAt
                ? t('passkeys.lastUsed', { when: showDateTime(passkey.lastUsedAt) })
                : t('passkeys.neverUsed')}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('passkeys.renameLabel', { name: passkey.name })}
              onClick={() => {
                setName(passkey.name);
                setEditing(true);
              }}
              data-testid="passkey-rename"
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('passkeys.removeLabel', { name: passkey.name })}
              onClick={confirmRemove}
              loading={remove.isPending}
              data-testid="passkey-remove"
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      )}
    </li>
  );
}
