import {
  SSO_DOMAIN_PATTERN,
  SsoConfigInput,
  SsoProvisioning,
  type SsoConfig,
  type SsoProvisioning as Provisioning,
} from '@graftmatch/domain';

// The form of an organisation's single sign-on (docs/api.md "Single sign-on"), its checks taken
// from the schema the server validates with.

export const SSO_FIELDS = ['issuer', 'clientId', 'clientSecret', 'emailDomains', 'provisioning'] as const;
export type SsoField = (typeof SSO_FIELDS)[number];

/** Off, member, auditor: the schema's own order. */
export const PROVISIONING_CHOICES: readonly Provisioning[] = SsoProvisioning.anyOf.map((member) => member.const);

export interface SsoFormState {
  issuer: string;
  clientId: string;
  /** Write-only: empty keeps the stored one. */
  clientSecret: string;
  emailDomains: string[];
  provisioning: Provisioning;
}

export type SsoFormError = 'required' | 'issuer' | 'domains';

const issuerPattern = new RegExp(SsoConfigInput.properties.issuer.pattern ?? '');
const domainPattern = new RegExp(SSO_DOMAIN_PATTERN);

export function ssoState(config: SsoConfig | null): SsoFormState {
  return {
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
    emailDomains: config?.emailDomains ?? [],
    provisioning: config?.provisioning ?? 'off',
  };
}

/** A domain as typed into the list: `@Klinik.Example ` becomes `klinik.example`. */
export function normaliseDomain(value: string): string {
  return value.trim().toLowerCase().replace(/^@+/, '');
}

/** The listed domains the server would refuse: no scheme, no `@`, at least two labels. */
export function invalidDomains(domains: readonly string[]): string[] {
  return domains.filter((domain) => !domainPattern.test(domain));
}

/** What the form refuses before sending: empty required fields, an issuer that is no web address, a bad domain. */
export function ssoFormErrors(state: SsoFormState, config: SsoConfig | null): Partial<Record<SsoField, SsoFormError>> {
  const errors: Partial<Record<SsoField, SsoFormError>> = {};
  const issuer = state.issuer.trim();
  if (issuer === '') {
    errors.issuer = 'required';
  } else if (!issuerPattern.test(issuer)) {
    errors.issuer = 'issuer';
  }
  if (state.clientId.trim() === '') {
    errors.clientId = 'required';
  }
  // A first set-up needs the secret; a change without one keeps the stored secret.
  if (state.clientSecret.trim() === '' && !config?.hasClientSecret) {
    errors.clientSecret = 'required';
  }
  if (state.emailDomains.length === 0) {
    errors.emailDomains = 'required';
  } else if (invalidDomains(state.emailDomains).length > 0) {
    errors.emailDomains = 'domains';
  }
  return errors;
}

/** The body of the PUT: an empty secret is left out, so the stored one stays. */
export function toSsoInput(state: SsoFormState): SsoConfigInput {
  const secret = state.clientSecret.trim();
  return {
    issuer: state.issuer.trim(),
    clientId: state.clientId.trim(),
    ...(secret === '' ? {} : { clientSecret: secret }),
    emailDomains: state.emailDomains,
    provisioning: state.provisioning,
  };
}
