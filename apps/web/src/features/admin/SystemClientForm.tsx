import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Code, Group, Radio, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  maxLengthOf,
  SYSTEM_CLIENT_KEYS_MAX,
  SYSTEM_SCOPE_RESOURCES,
  SystemClientInput,
  type SsoOrganisationType,
  type SystemClient,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { notify } from '../../components/notify';
import { useFormMutation } from '../../lib/useFormMutation';
import { registerSystemClient } from './api';
import { adminKeys } from './keys';
import {
  KEY_SOURCES,
  readKeySet,
  SCOPE_INTERACTIONS,
  scopeChoice,
  SYSTEM_CLIENT_FIELDS,
  systemClientFormErrors,
  systemClientState,
  toSystemClientInput,
  type KeySource,
  type ScopeChoice,
  type SystemClientField,
  type SystemClientFormState,
} from './systemClientForm';

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * Registers a system of a clinic or bank (docs/fhir.md "System clients"): its name, where its
 * public keys come from (an address it publishes them at, or the key set pasted here), and what
 * it may read or search, type by type.
 */
export function SystemClientForm(props: { kind: SsoOrganisationType; organisationId: string; onDone: () => void }) {
  const { kind, organisationId, onDone } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SystemClientFormState>(systemClientState);
  const [touched, setTouched] = useState(false);
  const errors = systemClientFormErrors(state);
  const labels = Object.fromEntries(
    SYSTEM_CLIENT_FIELDS.map((name) => [name, t(`admin.systemClients.fields.${name}`)]),
  );
  const register = useFormMutation({
    labels,
    mutationFn: () => registerSystemClient(kind, organisationId, toSystemClientInput(state)),
    onSuccess: (client) => {
      queryClient.setQueryData<SystemClient[]>(adminKeys.systemClients(kind, organisationId), (clients) => [
        client,
        ...(clients ?? []).filter((other) => other.id !== client.id),
      ]);
      notify('success', t('admin.systemClients.registered', { name: client.name }));
      onDone();
    },
  });
  const change = <F extends keyof SystemClientFormState>(field: F, value: SystemClientFormState[F]) => {
    setState((current) => ({ ...current, [field]: value }));
    // Choosing the other source hides the field left: the server's complaint about it goes too.
    register.edited(field === 'keySource' ? (value === 'url' ? 'jwks' : 'jwksUrl') : field);
  };
  const errorAt = (field: SystemClientField) => {
    const error = touched ? errors[field] : undefined;
    switch (error) {
      case 'required':
        return t('admin.required');
      case 'jwksUrl':
        return t('admin.systemClients.jwksUrlInvalid');
      case 'jwksJson':
        return t('admin.systemClients.jwksJson');
      case 'jwksShape':
        return t('admin.systemClients.jwksShape');
      case 'jwksCount':
        return t('admin.systemClients.jwksCount', { max: SYSTEM_CLIENT_KEYS_MAX });
      case 'jwksPrivate':
        return t('admin.systemClients.jwksPrivate', { kid: privateKeyOf(state.jwks) });
      case 'scopes':
        return t('admin.systemClients.scopesRequired');
      default:
        return register.fieldError(field);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) {
      register.mutate();
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="system-client-form">
      <Stack>
        <FormRefusal form={register} testId="system-client-form-error" />
        <TextInput
          label={labels.name}
          description={t('admin.systemClients.nameHint')}
          placeholder={t('admin.systemClients.namePlaceholder')}
          required
          value={state.name}
          onChange={(event) => change('name', event.currentTarget.value)}
          error={errorAt('name')}
          maxLength={maxLengthOf(SystemClientInput, 'name')}
          autoComplete="off"
          data-autofocus
          data-testid="system-client-name"
        />
        <Radio.Group
          label={t('admin.systemClients.fields.keySource')}
          description={t('admin.systemClients.keySourceHint')}
          value={state.keySource}
          onChange={(value) => change('keySource', value as KeySource)}
          data-testid="system-client-key-source"
        >
          <Stack gap="xs" mt="xs">
            {KEY_SOURCES.map((source) => (
              <Radio
                key={source}
                value={source}
                label={t(`admin.systemClients.keySource.${source}`)}
                description={t(`admin.systemClients.keySourceText.${source}`)}
                data-testid={`system-client-key-source-${source}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {state.keySource === 'url' ? (
          <TextInput
            label={labels.jwksUrl}
            placeholder="https://his.example/jwks.json"
            type="url"
            required
            value={state.jwksUrl}
            onChange={(event) => change('jwksUrl', event.currentTarget.value)}
            error={errorAt('jwksUrl')}
            maxLength={maxLengthOf(SystemClientInput, 'jwksUrl')}
            autoComplete="off"
            data-testid="system-client-jwks-url"
          />
        ) : (
          <Textarea
            label={labels.jwks}
            description={t('admin.systemClients.jwksHint', { max: SYSTEM_CLIENT_KEYS_MAX })}
            placeholder='{ "keys": [ { "kty": "EC", "crv": "P-384", "kid": "…", "x": "…", "y": "…" } ] }'
            required
            // No autosize: a plain box of fixed rows the reader can pull taller.
            rows={8}
            resize="vertical"
            spellCheck={false}
            autoComplete="off"
            styles={monospace}
            value={state.jwks}
            onChange={(event) => change('jwks', event.currentTarget.value)}
            error={errorAt('jwks')}
            data-testid="system-client-jwks"
          />
        )}
        <Checkbox.Group
          label={labels.scopes}
          description={t('admin.systemClients.scopesHint')}
          required
          value={state.scopes}
          onChange={(value) => change('scopes', value as ScopeChoice[])}
          error={errorAt('scopes')}
          data-testid="system-client-scopes"
        >
          <ScopeGrid />
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={register.isPending} data-testid="system-client-submit">
            {t('admin.systemClients.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One row per FHIR type with its two boxes; the boxes take their state from the surrounding group. */
function ScopeGrid() {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing={4} mt="xs" data-testid="system-client-scope-grid">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.systemClients.scopeType')}</Table.Th>
          {SCOPE_INTERACTIONS.map((interaction) => (
            <Table.Th key={interaction} scope="col" ta="center">
              {t(`admin.systemClients.interactions.${interaction}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SYSTEM_SCOPE_RESOURCES.map((resource) => {
          const type = t(`admin.systemClients.resources.${resource}`);
          return (
            <Table.Tr key={resource}>
              <Table.Th scope="row" fw="normal">
                <Text size="sm">{type}</Text>
                <Code fz="xs">{resource}</Code>
              </Table.Th>
              {SCOPE_INTERACTIONS.map((interaction) => (
                <Table.Td key={interaction}>
                  <Group justify="center">
                    <Checkbox
                      value={scopeChoice(resource, interaction)}
                      aria-label={t(`admin.systemClients.scopeLabel.${interaction}`, { type })}
                      data-testid={`system-client-scope-${resource}-${interaction}`}
                    />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The private key a pasted set holds, by its `kid` or position, for the form's message. */
function privateKeyOf(text: string): string {
  const reading = readKeySet(text);
  return 'kid' in reading ? reading.kid : '';
}
