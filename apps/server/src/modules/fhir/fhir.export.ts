import { Readable } from 'node:stream';
import { scopesAllow, SYSTEM_SCOPE_RESOURCES, utcDate, type SystemScopeResource } from '@graftmatch/domain';
import type { EuteRow } from '../../db/types';
import { badRequest, forbidden, notFound } from '../../http/problem';
import { bankGraftFollowUps } from '../followups/followups.export';
import { findBankByRef } from '../organisations/organisations.service';
import { observationOf } from './fhir.follow-ups';
import { type FhirResource } from './fhir.mapping';
import { bankToOrganization, clinicToOrganization } from './fhir.organizations';
import { writerOf } from './fhir.r4';
import { graftToProduct } from './fhir.product';
import { requestResources, type RequestRecord } from './fhir.requests';
import * as repo from './fhir.repository';
import { readerOf, visibilityOf, type FhirCaller } from './fhir.caller';
import { fhirBase, requireKnown, type FhirDeps } from './fhir.service';

// The bank export (docs/fhir.md "$export"): a collection Bundle written as the client reads.

const EXPORT_PAGE = 100;

/**
 * Whether the export carries a type for this caller: a system client gets the types its token may
 * read (as bulk export does); everyone else every type. The organisations are always there.
 */
function readable(caller: FhirCaller, resourceType: string): boolean {
  if (caller.kind === 'user' || caller.scopes === 'all') {
    return true;
  }
  return (SYSTEM_SCOPE_RESOURCES as readonly string[]).includes(resourceType)
    ? scopesAllow(caller.scopes, resourceType as SystemScopeResource, 'read')
    : false;
}
const CHUNK_CHARACTERS = 32 * 1024;

async function bankToExport(deps: FhirDeps, caller: FhirCaller, ref: string | undefined): Promise<EuteRow> {
  const visibility = visibilityOf(caller);
  const own = visibility.all ? null : visibility.euteIds;
  if (own !== null && own.length === 0) {
    throw forbidden({ key: 'problem.fhir.whoExports' });
  }
  const chosen = ref ?? (own?.length === 1 ? own[0] : undefined);
  if (!chosen) {
    throw badRequest({ key: 'problem.fhir.nameExportBank' });
  }
  const bank = await findBankByRef(deps.db, chosen);
  if (!bank) {
    throw own === null ? notFound({ key: 'problem.noBankRef', params: { ref: chosen } }) : forbidden();
  }
  if (own !== null && !own.includes(bank.id)) {
    throw forbidden({ key: 'problem.fhir.ownBankExport' });
  }
  return bank;
}

/**
 * `GET $export?bank=`: a collection Bundle of the bank, its grafts, their requests' resources and
 * their follow-ups' Observations (for those who read follow-ups: not admins), written page by page
 * as the client reads, so memory stays flat however many grafts the bank has. The caller is checked
 * before the first byte; the stream itself only reads.
 */
export async function exportBank(deps: FhirDeps, caller: FhirCaller, params: URLSearchParams): Promise<Readable> {
  requireKnown(params, ['bank']);
  if (!readable(caller, 'BiologicallyDerivedProduct')) {
    throw forbidden({ key: 'problem.fhir.scopeMissing', params: { scope: 'system/BiologicallyDerivedProduct.r' } });
  }
  const bank = await bankToExport(deps, caller, params.get('bank') ?? undefined);
  const base = fhirBase(deps, deps.version);
  const inVersion = writerOf(deps.version);
  const now = deps.now();
  const today = utcDate(now);
  // Every clinic a resource of the Bundle refers to (a request's, or a graft's extension) is in it;
  // a follow-up's is its implantation's, so a request's or the graft's.
  const clinicIds = new Set([
    ...(await repo.findRequests(deps.db, { euteId: bank.id }, { all: true }, null)).map((row) => row.clinicId),
    ...(await repo.graftClinicIds(deps.db, bank.id)),
  ]);
  const clinics = await repo.clinicsByIds(deps.db, [...clinicIds]);
  // Each resource in the version asked for: its fullUrl names the type it is written as.
  const entry = (r5: FhirResource) => {
    const resource = inVersion(r5);
    return JSON.stringify({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource });
  };

  async function* write(): AsyncGenerator<string> {
    yield `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(now.toISOString())},"entry":[`;
    yield [bankToOrganization(bank), ...clinics.map(clinicToOrganization)].map(entry).join(',');
    let after: string | null = null;
    for (;;) {
      const grafts = await repo.graftPage(deps.db, bank.id, after, EXPORT_PAGE);
      if (grafts.length === 0) {
        break;
      }
      after = grafts.at(-1)!.eLot;
      const requests = await repo.findRequests(
        deps.db,
        { graftIds: grafts.map((graft) => graft.id), euteId: bank.id },
        { all: true },
        null,
      );
      const followUps = await bankGraftFollowUps(
        deps,
        readerOf(caller),
        bank.id,
        grafts.map((graft) => graft.id),
      );
      const resources = [
        ...grafts.map((graft) => graftToProduct(graft, bank, today)),
        ...requests.flatMap((request) => requestResources(request as RequestRecord)),
        ...followUps.map(observationOf),
      ].filter((resource) => readable(caller, resource.resourceType));
      // Chunks stay well below V8's large-object size, so each is freed by the cheap young-generation
      // collection; one string per page would pile up until a full collection (docs/performance.md "FHIR export").
      let chunk = '';
      for (const resource of resources) {
        chunk += `,${entry(resource)}`;
        if (chunk.length >= CHUNK_CHARACTERS) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk !== '') {
        yield chunk;
      }
    }
    yield ']}';
  }
  return Readable.from(write(), { objectMode: false });
}
