import { scopesAllow, type ScopeInteraction, type SystemScopeResource } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { forbidden } from '../../http/problem';
import { authenticateApiKey } from '../../identity/api-keys';
import { machineScope, type MachineReader } from '../../identity/machine';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { authenticateSystemToken } from '../../identity/system-tokens';
import { recordAudit } from '../audit/audit.service';
import type { FhirVisibility } from './fhir.repository';

// Who reads the FHIR API and what they see (docs/fhir.md "Access", "System clients").

/**
 * Who reads: a logged-in user, or an organisation's system: a tissue bank's API key (its bank, every
 * type) or a system client (its clinic or bank, the types its token grants; docs/fhir.md "System clients").
 */
export type FhirCaller =
  | { kind: 'user'; principal: Principal | null }
  | { kind: 'machine'; reader: MachineReader; scopes: readonly string[] | 'all'; clientId?: string };

/** What a call does: read or search one type; or a call with no type of its own (a SearchParameter). */
export type FhirAccess = { resource: SystemScopeResource; interaction: ScopeInteraction } | null;

/**
 * The caller of a request: its API key or system client's token (checked and audited here, and the
 * token's scopes held to `access`), else the logged-in user.
 */
export async function fhirCallerOf(
  deps: { db: Kysely<DB>; now: () => Date },
  request: {
    principal: Principal | null;
    apiKey: string | null;
    systemToken: string | null;
    ip: string;
    route: string;
  },
  access: FhirAccess,
): Promise<FhirCaller> {
  if (request.apiKey !== null) {
    const key = await authenticateApiKey({ ...deps, recordAudit }, request.apiKey, request.ip, request.route);
    return { kind: 'machine', reader: { machineOf: { type: 'eute', id: key.euteId } }, scopes: 'all' };
  }
  if (request.systemToken !== null) {
    const client = await authenticateSystemToken(
      { ...deps, recordAudit },
      request.systemToken,
      request.ip,
      request.route,
    );
    if (access !== null && !scopesAllow(client.scopes, access.resource, access.interaction)) {
      throw forbidden({ key: 'problem.fhir.scopeMissing', params: { scope: scopeFor(access) } });
    }
    return {
      kind: 'machine',
      reader: { machineOf: client.organisation },
      scopes: client.scopes,
      clientId: client.clientId,
    };
  }
  return { kind: 'user', principal: request.principal };
}

/** The scope a call needs, as SMART writes it. */
const scopeFor = (access: NonNullable<FhirAccess>) =>
  `system/${access.resource}.${access.interaction === 'read' ? 'r' : 's'}`;

/** The reader of a module's own rule (vigilance, follow-ups): the user, or the organisation's system. */
export const readerOf = (caller: FhirCaller) =>
  caller.kind === 'machine' ? caller.reader : { principal: caller.principal };

/** Admins and auditors read everything; employees their banks; physicians their clinics and free grafts; a system its organisation's. */
export function visibilityOf(caller: FhirCaller): FhirVisibility {
  if (caller.kind === 'machine') {
    return { all: false, ...machineScope(caller.reader), freeGrafts: false };
  }
  const principal = requireUser(caller.principal);
  if (principal.admin || principal.audit) {
    return { all: true };
  }
  if (principal.euteIds.length === 0 && principal.clinicIds.length === 0) {
    throw forbidden({ key: 'problem.fhir.whoReads' });
  }
  return {
    all: false,
    euteIds: principal.euteIds,
    clinicIds: principal.clinicIds,
    freeGrafts: principal.clinicIds.length > 0,
  };
}
