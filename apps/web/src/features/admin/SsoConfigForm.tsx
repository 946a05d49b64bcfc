import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Radio, Stack, TagsInput, TextInput } from '@mantine/core';
import {
  SSO_DOMAINS_MAX,
  SsoConfigInput,
  maxLengthOf,
  type SsoConfig,
  type SsoOrganisationType,
  type SsoProvisioning,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { notify } from '../../components/notify';
import { useFormMutation } from '../../lib/useFormMutation';
import { putSsoConfig } from './api';
import { adminKeys } from './keys';
import {
  invalidDomains,
  normaliseDomain,
  PROVISIONING_CHOICES,
  SSO_FIELDS,
  ssoFormErrors,
  ssoState,
  toSsoInput,
  type SsoField,
  type SsoFormState,
} from './ssoForm';

// Typing a domain ends at a comma, a space or a semicolon as well as at Enter.
const DOMAIN_SEPARATORS = [',', ' ', ';'];

/**
 * Sets up or changes an organisation's single sign-on: its provider's issuer, the client the
 * provider registered for GraftMatch, the e-mail domains it covers, and whom a first sign-in creates.
 * The secret is write-only: left empty, the stored one stays.
 */
export function SsoConfigForm(props: {
  kind: SsoOrganisationType;
  organisationId: string;
  name: string;
  config: SsoConfig | null;
  onDone: () => void;
}) {
  const { kind, organisationId, config, onDone } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SsoFormState>(() => ssoState(config));
  const [touched, setTouched] = useState(false);
  const errors = ssoFormErrors(state, config);
  const labels = Object.fromEntries(SSO_FIELDS.map((name) => [name, t(`admin.sso.fields.${name}`)]));
  const save = useFormMutation({
    labels,
    mutationFn: () => putSsoConfig(kind, organisationId, toSsoInput(state)),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.sso(kind, organisationId), saved);
      notify('success', t('admin.sso.saved', { name: props.name }));
      onDone();
    },
  });
  const change = <F extends SsoField>(field: F, value: SsoFormState[F]) => {
    setState((current) => ({ ...current, [field]: value }));
    save.edited(field);
  };
  const errorAt = (field: SsoField) => {
    const error = touched ? errors[field] : undefined;
    switch (error) {
      case 'required':
        return t('admin.required');
      case 'issuer':
        return t('admin.sso.issuerInvalid');
      case 'domains':
        return t('admin.sso.domainsInvalid', { domains: invalidDomains(state.emailDomains).join(', ') });
      default:
        return save.fieldError(field);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) {
      save.mutate();
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="sso-form">
      <Stack>
        <FormRefusal form={save} testId="sso-form-error" />
        <TextInput
          label={labels.issuer}
          description={t('admin.sso.issuerHint')}
          placeholder="https://login.example/realms/clinic"
          type="url"
          required
          value={state.issuer}
          onChange={(event) => change('issuer', event.currentTarget.value)}
          error={errorAt('issuer')}
          maxLength={maxLengthOf(SsoConfigInput, 'issuer')}
          data-autofocus
          data-testid="sso-issuer"
        />
        <TextInput
          label={labels.clientId}
          required
          value={state.clientId}
          onChange={(event) => change('clientId', event.currentTarget.value)}
          error={errorAt('clientId')}
          maxLength={maxLengthOf(SsoConfigInput, 'clientId')}
          autoComplete="off"
          data-testid="sso-client-id"
        />
        <PasswordInput
          label={labels.clientSecret}
          description={config?.hasClientSecret ? t('admin.sso.secretKeepHint') : t('admin.sso.secretHint')}
          required={!config?.hasClientSecret}
          value={state.clientSecret}
          onChange={(event) => change('clientSecret', event.currentTarget.value)}
          error={errorAt('clientSecret')}
          maxLength={maxLengthOf(SsoConfigInput, 'clientSecret')}
          autoComplete="new-password"
          data-testid="sso-client-secret"
        />
        <TagsInput
          label={labels.emailDomains}
          description={t('admin.sso.domainsHint', { max: SSO_DOMAINS_MAX })}
          placeholder={state.emailDomains.length === 0 ? 'klinik.example' : undefined}
          required
          value={state.emailDomains}
          onChange={(domains) =>
            change('emailDomains', [...new Set(domains.map(normaliseDomain).filter((domain) => domain !== ''))])
          }
          splitChars={DOMAIN_SEPARATORS}
          maxTags={SSO_DOMAINS_MAX}
          clearable
          error={errorAt('emailDomains')}
          data-testid="sso-domains"
        />
        <Radio.Group
          label={labels.provisioning}
          description={t('admin.sso.provisioningHint')}
          value={state.provisioning}
          onChange={(value) => change('provisioning', value as SsoProvisioning)}
          error={errorAt('provisioning')}
          data-testid="sso-provisioning"
        >
          <Stack gap="xs" mt="xs">
            {PROVISIONING_CHOICES.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={t(`admin.sso.provisioning.${choice}`)}
                description={t(`admin.sso.provisioningText.${choice}`)}
                data-testid={`sso-provisioning-${choice}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="sso-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
