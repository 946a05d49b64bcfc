import {
  DEFAULT_CONFIRMATION_DAYS,
  DEFAULT_EXPIRY_REMINDER_DAYS,
  DEFAULT_IMPORT_SILENCE_DAYS,
  DEFAULT_NOTIFICATION_HOURS,
  DEFAULT_TIME_ZONE,
  GRAFT_TYPES,
  isIsoDate,
  REQUEST_STATES,
  utcDate,
  type MessageKey,
  type RequestState,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, EuteRow } from '../../db/types';
import { badRequest, notFound } from '../../http/problem';
import { reportForExport } from '../vigilance/vigilance.read';
import { capabilityStatement, EXPIRATION_DATE_PARAMETER } from './fhir.capability';
import { capabilityStatementR4, R4_SEARCH_PARAMETERS } from './fhir.r4.capability';
import { typeIn, type FhirVersion } from './fhir.r4';
import { reportToAdverseEvent } from './fhir.adverse-event';
import { LOT_SYSTEM_PATTERN, SYSTEMS, type FhirResource } from './fhir.mapping';
import { graftToProduct } from './fhir.product';
import { REQUEST_STATE_MAP, requestToDispense, requestToProcedure, type RequestRecord } from './fhir.requests';
import { readerOf, visibilityOf, type FhirCaller } from './fhir.caller';
import * as repo from './fhir.repository';
import type { GraftFilter, LotColumn } from './fhir.repository';

// The read-only FHIR API (docs/fhir.md), R5 and R4 alike: the search parameters, the reads and the
// Bundles (the bank export: fhir.export.ts). Resources are built in R5; the routes write them in the
// version asked for (fhir.r4.ts). Errors are ProblemErrors; the routes answer them as OperationOutcome.

export interface FhirDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** The server's public address; resource URLs start with it. */
  publicUrl: string;
  /** When the server started: the CapabilityStatement's date. */
  startedAt: string;
  /** The FHIR version answered: its base's links and search parameters (the resources are written by the routes). */
  version: FhirVersion;
}

export const fhirBase = (deps: Pick<FhirDeps, 'publicUrl'>, version: FhirVersion) =>
  `${deps.publicUrl}/api/fhir/${version}`;

// ---- search parameters ----

const DEFAULT_COUNT = 20;
const MAX_COUNT = 100;

/** A parameter the server does not know is refused, as FHIR's handling=strict asks. */
export function requireKnown(params: URLSearchParams, known: readonly string[]) {
  for (const name of new Set(params.keys())) {
    if (!known.includes(name)) {
      throw badRequest({ key: 'problem.fhir.unknownParameter', params: { name, supported: known.join(', ') } });
    }
  }
}

/** A token's values: comma-separated alternatives, each `[system|]code`. */
export function tokens(params: URLSearchParams, name: string): { system: string | null; code: string }[] | undefined {
  const values = params.getAll(name);
  if (values.length === 0) {
    return undefined;
  }
  if (values.length > 1) {
    throw badRequest({ key: 'problem.fhir.parameterOnce', params: { name } });
  }
  return values[0]!.split(',').map((part) => {
    const bar = part.indexOf('|');
    const token = bar < 0 ? { system: null, code: part } : { system: part.slice(0, bar), code: part.slice(bar + 1) };
    if (token.code === '' || token.code.length > 128) {
      throw badRequest({ key: 'problem.fhir.tokenLength', params: { name } });
    }
    return token;
  });
}

export function paging(params: URLSearchParams) {
  const read = (name: string, fallback: number, max: number) => {
    const text = params.get(name);
    if (text === null) {
      return fallback;
    }
    if (!/^\d{1,7}$/.test(text) || Number(text) > max) {
      throw badRequest({ key: 'problem.fhir.wholeNumber', params: { name, max } });
    }
    return Number(text);
  };
  return { limit: read('_count', DEFAULT_COUNT, MAX_COUNT), offset: read('_offset', 0, 1_000_000) };
}

const PREFIXES = { eq: '=', gt: '>', lt: '<', ge: '>=', le: '<=' } as const;

/** A date parameter's values, each `yyyy-mm-dd` with an optional prefix; `key` words a wrong one. */
export function dateFilter(params: URLSearchParams, name: string, key: MessageKey): NonNullable<GraftFilter['expiry']> {
  return params.getAll(name).map((value) => {
    const match = /^(eq|gt|lt|ge|le)?(\d{4}-\d{2}-\d{2})$/.exec(value);
    if (!match || !isIsoDate(match[2])) {
      throw badRequest({ key });
    }
    return { op: PREFIXES[(match[1] ?? 'eq') as keyof typeof PREFIXES], date: match[2]! };
  });
}

function identifierFilter(params: URLSearchParams): GraftFilter['identifiers'] {
  return tokens(params, 'identifier')?.map(({ system, code }) => {
    if (system === null || system === '') {
      return { value: code, kind: 'any' as const };
    }
    if (system === SYSTEMS.sec) {
      return { value: code, kind: 'sec' as const };
    }
    const lot = LOT_SYSTEM_PATTERN.exec(system);
    if (!lot) {
      // A system of no one's lots matches nothing, rather than being an error (FHIR token search).
      return { value: code, kind: 'eLot' as const, bankRef: '\u0000' };
    }
    const column: Record<string, LotColumn> = { 'e-lot': 'eLot', 'x-lot': 'xLot', 't-lot': 'tLot' };
    return { value: code, kind: column[lot[2]!]!, bankRef: decodeURIComponent(lot[1]!) };
  });
}

function graftFilter(params: URLSearchParams): GraftFilter {
  const filter: GraftFilter = { expiry: dateFilter(params, 'expiration-date', 'problem.fhir.expirationDate') };
  filter.identifiers = identifierFilter(params);
  const codes = tokens(params, 'product-code');
  if (codes) {
    filter.types = codes
      .filter(({ system }) => system === null || system === '' || system === SYSTEMS.graftType)
      .flatMap(({ code }) => GRAFT_TYPES.filter((type) => type.slug === code).map((type) => type.number));
  }
  const statuses = tokens(params, 'product-status');
  if (statuses) {
    const codes = new Set(statuses.map(({ code }) => code));
    if ([...codes].some((code) => code !== 'available' && code !== 'unavailable')) {
      throw badRequest({ key: 'problem.fhir.productStatus' });
    }
    if (codes.size === 1) {
      filter.status = codes.has('available') ? 'available' : 'unavailable';
    }
  }
  const events = tokens(params, 'biological-source-event');
  if (events) {
    filter.sourceEvents = events.map(({ code }) => code);
  }
  return filter;
}

// ---- Bundles ----

export function searchBundle(
  deps: FhirDeps,
  path: string,
  params: URLSearchParams,
  resources: FhirResource[],
  total: number,
  page: { limit: number; offset: number },
): FhirResource {
  const base = fhirBase(deps, deps.version);
  const link = (offset: number) => {
    const query = new URLSearchParams(params);
    query.set('_count', String(page.limit));
    query.set('_offset', String(offset));
    return `${base}/${typeIn(deps.version, path)}?${query.toString()}`;
  };
  const links = [{ relation: 'self', url: link(page.offset) }];
  if (page.limit > 0 && page.offset + page.limit < total) {
    links.push({ relation: 'next', url: link(page.offset + page.limit) });
  }
  if (page.offset > 0) {
    links.push({ relation: 'previous', url: link(Math.max(0, page.offset - page.limit)) });
  }
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    timestamp: deps.now().toISOString(),
    total,
    link: links,
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

async function banksOf(deps: FhirDeps, ids: Iterable<string>): Promise<Map<string, EuteRow>> {
  const rows = await repo.eutesByIds(deps.db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

const unknownBank = (id: string): EuteRow => ({
  id,
  name: id,
  euteNumber: null,
  active: 0,
  address: null,
  housenumber: null,
  zipcode: null,
  city: null,
  country: null,
  email: null,
  phone: null,
  leadTimeDays: 0,
  expiryReminderDays: DEFAULT_EXPIRY_REMINDER_DAYS.join(','),
  importSilenceDays: DEFAULT_IMPORT_SILENCE_DAYS,
  unansweredReminderHours: null,
  unansweredEscalationHours: null,
  vigilanceNotificationHours: DEFAULT_NOTIFICATION_HOURS,
  vigilanceConfirmationDays: DEFAULT_CONFIRMATION_DAYS,
  competentAuthorityEmail: null,
  timeZone: DEFAULT_TIME_ZONE,
  createdAt: '',
  updatedAt: '',
});

// ---- reads ----

export function metadata(deps: FhirDeps): FhirResource {
  const base = fhirBase(deps, deps.version);
  return deps.version === 'R4'
    ? capabilityStatementR4(base, deps.startedAt)
    : capabilityStatement(base, deps.startedAt);
}

export function searchParameter(id: string, version: FhirVersion): FhirResource {
  const found = version === 'R4' ? R4_SEARCH_PARAMETERS.find((parameter) => parameter.id === id) : undefined;
  if (found) {
    return found;
  }
  if (version === 'R4' || id !== EXPIRATION_DATE_PARAMETER.id) {
    throw notFound({ key: 'problem.fhir.unknownSearchParameter', params: { id } });
  }
  return EXPIRATION_DATE_PARAMETER;
}

export async function readProduct(deps: FhirDeps, caller: FhirCaller, id: string): Promise<FhirResource> {
  const visibility = visibilityOf(caller);
  const today = utcDate(deps.now());
  const { rows } = await repo.searchGrafts(deps.db, { id }, visibility, today, { limit: 1, offset: 0 });
  const graft = rows[0];
  if (!graft) {
    throw notFound({ key: 'problem.fhir.unknownProduct', params: { id } });
  }
  const banks = await banksOf(deps, [graft.euteId]);
  return graftToProduct(graft, banks.get(graft.euteId) ?? unknownBank(graft.euteId), today);
}

/**
 * `GET AdverseEvent/{id}`: a vigilance report, for whoever reads the report (docs/api.md
 * "Vigilance"); a bank's API key for its bank's reports. Others get 404, as for the report.
 */
export async function readAdverseEvent(deps: FhirDeps, caller: FhirCaller, id: string): Promise<FhirResource> {
  const { report, graftId, donation } = await reportForExport(deps, readerOf(caller), id);
  return reportToAdverseEvent(report, { graftId, donation });
}

const PRODUCT_PARAMETERS = [
  'identifier',
  'product-code',
  'product-status',
  'biological-source-event',
  'expiration-date',
  '_count',
  '_offset',
];

export async function searchProducts(deps: FhirDeps, caller: FhirCaller, params: URLSearchParams) {
  const visibility = visibilityOf(caller);
  requireKnown(params, PRODUCT_PARAMETERS);
  const filter = graftFilter(params);
  const page = paging(params);
  const today = utcDate(deps.now());
  const { rows, total } = await repo.searchGrafts(deps.db, filter, visibility, today, page);
  const banks = await banksOf(
    deps,
    rows.map((row) => row.euteId),
  );
  const resources = rows.map((row) => graftToProduct(row, banks.get(row.euteId) ?? unknownBank(row.euteId), today));
  return searchBundle(deps, 'BiologicallyDerivedProduct', params, resources, total, page);
}

/** The states whose resource of this kind has one of these statuses. */
function statesWith(kind: 'dispense' | 'procedure', statuses: string[] | undefined): RequestState[] {
  const states = REQUEST_STATES.filter((state) => REQUEST_STATE_MAP[state][kind] !== null);
  return statuses ? states.filter((state) => statuses.includes(REQUEST_STATE_MAP[state][kind] ?? '')) : states;
}

/** A reference parameter's graft ids (`BiologicallyDerivedProduct/<id>` or the id); `key` words a wrong one. */
export function productReference(params: URLSearchParams, name: string, key: MessageKey): string[] | undefined {
  const values = params.getAll(name);
  if (values.length === 0) {
    return undefined;
  }
  return values
    .join(',')
    .split(',')
    .map((value) => {
      const match = /^(?:BiologicallyDerivedProduct\/)?([A-Za-z0-9\-.]{1,64})$/.exec(value);
      if (!match) {
        throw badRequest({ key });
      }
      return match[1]!;
    });
}

async function searchRequests(
  deps: FhirDeps,
  caller: FhirCaller,
  params: URLSearchParams,
  kind: 'dispense' | 'procedure',
): Promise<FhirResource> {
  const visibility = visibilityOf(caller);
  // R4 carries a hand-over as a Basic: its product is the Basic's `subject` (fhir.r4.ts).
  const product = deps.version === 'R4' ? 'subject' : 'product';
  const known = kind === 'dispense' ? [product, 'status', '_count', '_offset'] : ['status', '_count', '_offset'];
  requireKnown(params, known);
  const page = paging(params);
  const statuses = tokens(params, 'status')?.map(({ code }) => code);
  const graftIds = kind === 'dispense' ? productReference(params, product, 'problem.fhir.productReference') : undefined;
  // Requests of one graft, clinic or bank are few: the page is cut after reading them all.
  const rows = await repo.findRequests(deps.db, { graftIds, states: statesWith(kind, statuses) }, visibility, null);
  const map = kind === 'dispense' ? requestToDispense : requestToProcedure;
  const resources = rows
    .slice(page.offset, page.offset + page.limit)
    .map((row) => map(row as RequestRecord))
    .filter((resource): resource is FhirResource => resource !== null);
  const path = kind === 'dispense' ? 'BiologicallyDerivedProductDispense' : 'Procedure';
  return searchBundle(deps, path, params, resources, rows.length, page);
}

export const searchDispenses = (deps: FhirDeps, caller: FhirCaller, params: URLSearchParams) =>
  searchRequests(deps, caller, params, 'dispense');

export const searchProcedures = (deps: FhirDeps, caller: FhirCaller, params: URLSearchParams) =>
  searchRequests(deps, caller, params, 'procedure');

/** The ProblemError of an error the FHIR routes answer, as an OperationOutcome. */
export function operationOutcome(status: number, detail: string): FhirResource {
  const codes: Record<number, string> = {
    400: 'invalid',
    401: 'login',
    403: 'forbidden',
    404: 'not-found',
    405: 'not-supported',
    406: 'not-supported',
    409: 'conflict',
    413: 'too-costly',
    414: 'too-long',
    415: 'not-supported',
    429: 'throttled',
  };
  const code = codes[status] ?? (status >= 500 ? 'exception' : 'processing');
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: status >= 500 ? 'fatal' : 'error', code, diagnostics: detail }],
  };
}
