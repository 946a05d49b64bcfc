import { randomUUID } from 'node:crypto';
import type { SsoConfig, SsoConfigInput, SsoOrganisationParams } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { badRequest, conflict, fieldError, notFound, unprocessable } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { writeOrConflict } from '../../http/write-or-conflict';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { outboundUrlAllowed } from '../../http/outbound-url';
import { discoverProvider } from './sso-provider';
import { ssoRedirectUri, type SsoDeps } from './sso.deps';
import { organisationNameOf } from '../organisations/organisations.service';
import * as repo from './sso.repository';

// An organisation's single sign-on as admins set it up (docs/api.md "Single sign-on"): admins write,
// auditors read. The client secret goes in and never comes out: it is sealed before it is stored,
// and neither the answer nor the audit row holds it.

const organisationOf = (params: SsoOrganisationParams): repo.Organisation => ({
  type: params.organisationType,
  id: params.organisationId,
});

/** Where a sealed client secret lives: bound in, so a sealed value moved to another row does not open. */
export const clientSecretPlace = (configId: string) => `sso-config:${configId}:client-secret`;

async function toWire(deps: SsoDeps, executor: Executor, row: repo.StoredSsoConfig): Promise<SsoConfig> {
  return {
    organisationType: row.organisationType,
    organisationId: row.organisationId,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecret !== null,
    emailDomains: await repo.domainsOf(executor, row.id),
    provisioning: row.provisioning,
    redirectUri: ssoRedirectUri(deps.config.publicUrl),
    updatedAt: row.updatedAt,
  };
}

async function existingOrganisation(executor: Executor, organisation: repo.Organisation): Promise<string> {
  const name = await organisationNameOf(executor, organisation);
  if (name === undefined) {
    throw notFound(organisation.type === 'clinic' ? { key: 'problem.other.noClinic' } : { key: 'problem.noBank' });
  }
  return name;
}

/**
 * `GET /admin/sso/{type}/{id}`: the organisation's sign-on, or null when it has none (not 404: every
 * organisation's page asks, and most have none; a browser logs each 404 as an error).
 */
export async function getSsoConfig(
  deps: SsoDeps,
  principal: Principal | null,
  params: SsoOrganisationParams,
): Promise<SsoConfig | null> {
  requireAdmin(principal, { write: false });
  const organisation = organisationOf(params);
  await existingOrganisation(deps.db, organisation);
  const row = await repo.findConfigOf(deps.db, organisation);
  return row ? toWire(deps, deps.db, row) : null;
}

/** A domain another organisation's sign-on covers: 409 naming the first and its organisation. */
async function assertDomainsFree(executor: Executor, domains: readonly string[], configId: string | null) {
  const [taken] = await repo.domainOwners(executor, domains, configId);
  if (taken) {
    const owner = { type: taken.organisationType, id: taken.organisationId };
    const organisation = (await organisationNameOf(executor, owner)) ?? taken.organisationId;
    throw conflict({ key: 'problem.sso.domainTaken', params: { domain: taken.domain, organisation } });
  }
}

/** The issuer answers a discovery document naming itself (openid-client checks that); else 422 naming the field. */
async function checkIssuer(input: SsoConfigInput): Promise<string> {
  const issuerError = (key: 'validation.httpsIssuer' | 'validation.ssoIssuer') => [fieldError('issuer', { key })];
  if (!outboundUrlAllowed(input.issuer)) {
    throw unprocessable(
      { key: 'problem.sso.issuerInsecure', params: { issuer: input.issuer } },
      issuerError('validation.httpsIssuer'),
    );
  }
  try {
    const provider = await discoverProvider({ issuer: input.issuer, clientId: input.clientId, clientSecret: null });
    return provider.serverMetadata().issuer;
  } catch {
    throw unprocessable(
      { key: 'problem.sso.issuerUnreachable', params: { issuer: input.issuer } },
      issuerError('validation.ssoIssuer'),
    );
  }
}

/**
 * `PUT /admin/sso/{type}/{id}`: sets up or changes the organisation's sign-on. The domains must be
 * no other organisation's (409); the secret is required when none is stored; the issuer must
 * answer its discovery document (422). Audited before → after, without the secret.
 */
export async function putSsoConfig(
  deps: SsoDeps,
  actor: Actor,
  params: SsoOrganisationParams,
  input: SsoConfigInput,
): Promise<SsoConfig> {
  const admin = requireAdmin(actor.principal, { write: true });
  const organisation = organisationOf(params);
  const domains = [...new Set(input.emailDomains.map((domain) => domain.toLowerCase()))].sort();
  await existingOrganisation(deps.db, organisation);
  const current = await repo.findConfigOf(deps.db, organisation);
  if (input.clientSecret === undefined && !current?.clientSecret) {
    throw badRequest({ key: 'problem.sso.secretRequired' }, [
      fieldError('clientSecret', { key: 'validation.required' }),
    ]);
  }
  await assertDomainsFree(deps.db, domains, current?.id ?? null);
  // Outside the transaction: a provider that is slow to answer must hold no write lock.
  const issuer = await checkIssuer(input);
  const now = deps.now();
  const [first = ''] = domains;
  return writeOrConflict(
    deps.db,
    async (trx) => {
      const before = await repo.findConfigOf(trx, organisation);
      const id = before?.id ?? randomUUID();
      const change: repo.ConfigWrite = {
        issuer,
        clientId: input.clientId,
        clientSecret:
          input.clientSecret === undefined ? undefined : deps.sealer.seal(clientSecretPlace(id), input.clientSecret),
        provisioning: input.provisioning,
        at: now.toISOString(),
        by: admin.userId,
      };
      if (before) {
        await repo.updateConfig(trx, id, change);
      } else {
        await repo.insertConfig(trx, { id, organisation, ...change });
      }
      await assertDomainsFree(trx, domains, id);
      await repo.replaceDomains(trx, id, domains);
      const after = await toWire(deps, trx, (await repo.findConfigOf(trx, organisation)) as repo.StoredSsoConfig);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action: 'sso.configure',
        targetType: organisation.type,
        targetId: organisation.id,
        before: before ? await toWire(deps, trx, before) : null,
        after,
        ip: actor.ip,
        at: now,
      });
      return after;
    },
    // Another admin claimed a domain between the check and the write.
    { key: 'problem.sso.domainTaken', params: { domain: first, organisation: '—' } },
  );
}

/** `DELETE /admin/sso/{type}/{id}`: its users sign in with password and PIN again (accounts stay). */
export async function deleteSsoConfig(deps: SsoDeps, actor: Actor, params: SsoOrganisationParams): Promise<void> {
  const admin = requireAdmin(actor.principal, { write: true });
  const organisation = organisationOf(params);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findConfigOf(trx, organisation);
    if (!row) {
      throw notFound({ key: 'problem.sso.notSetUp' });
    }
    const before = await toWire(deps, trx, row);
    await repo.deleteConfig(trx, row.id);
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action: 'sso.remove',
      targetType: organisation.type,
      targetId: organisation.id,
      before,
      after: null,
      ip: actor.ip,
      at: now,
    });
  });
}
