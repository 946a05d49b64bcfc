import { ListStatus, type RequestState } from '@graftmatch/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ClinicRow, DB, EuteRow, GraftRow } from '../../db/types';
import type { Executor } from '../../db/executor';
import { inListStatus } from '../../queries/grafts';

// All SQL of the FHIR API: grafts by the R5 search parameters, requests as dispenses and
// procedures, and the export's pages. The caller owns any transaction.

/** Whose records a caller reads: everything, or these banks' and clinics' records (and, for physicians, free grafts). */
export type FhirVisibility =
  { all: true } | { all: false; euteIds: string[]; clinicIds: string[]; freeGrafts: boolean };

export type LotColumn = 'eLot' | 'xLot' | 'tLot';

export interface GraftFilter {
  id?: string;
  /** Any of these matches: a lot (of one column, or any) or the SEC; `bankRef` narrows a lot to its bank. */
  identifiers?: { value: string; kind: LotColumn | 'sec' | 'any'; bankRef?: string }[];
  types?: number[];
  status?: 'available' | 'unavailable';
  sourceEvents?: string[];
  expiry?: { op: '=' | '<' | '<=' | '>' | '>='; date: string }[];
}

type GraftsEb = ExpressionBuilder<DB, 'grafts'>;

// The SEC as written may hold spaces and lower case; compared as its 40 bare characters.
const bareSec = sql<string>`upper(replace(${sql.ref('grafts.xSec')}, ' ', ''))`;

function graftVisible(visibility: FhirVisibility, today: string) {
  return (eb: GraftsEb): Expression<SqlBool> => {
    if (visibility.all) {
      return sql<SqlBool>`1 = 1`;
    }
    const allowed: Expression<SqlBool>[] = [];
    if (visibility.euteIds.length > 0) {
      allowed.push(eb('grafts.euteId', 'in', visibility.euteIds));
    }
    if (visibility.clinicIds.length > 0) {
      allowed.push(eb('grafts.clinicId', 'in', visibility.clinicIds));
    }
    if (visibility.freeGrafts) {
      allowed.push(inListStatus(ListStatus.Free, today)(eb));
    }
    return allowed.length > 0 ? eb.or(allowed) : sql<SqlBool>`1 = 0`;
  };
}

function identifierMatch(identifier: NonNullable<GraftFilter['identifiers']>[number]) {
  return (eb: GraftsEb): Expression<SqlBool> => {
    if (identifier.kind === 'sec') {
      return eb(bareSec, '=', identifier.value.replaceAll(' ', '').toUpperCase());
    }
    const columns: LotColumn[] = identifier.kind === 'any' ? ['eLot', 'xLot', 'tLot'] : [identifier.kind];
    const lots = eb.or(columns.map((column) => eb(`grafts.${column}`, '=', identifier.value)));
    const inBank = identifier.bankRef
      ? eb(
          'grafts.euteId',
          'in',
          eb
            .selectFrom('eutes')
            .select('eutes.id')
            .where((inner) =>
              inner.or([
                inner('eutes.id', '=', identifier.bankRef!),
                inner('eutes.euteNumber', '=', identifier.bankRef!),
              ]),
            ),
        )
      : null;
    if (identifier.kind === 'any') {
      return eb.or([
        inBank ? eb.and([lots, inBank]) : lots,
        eb(bareSec, '=', identifier.value.replaceAll(' ', '').toUpperCase()),
      ]);
    }
    return inBank ? eb.and([lots, inBank]) : lots;
  };
}

function filtered(executor: Executor, filter: GraftFilter, visibility: FhirVisibility, today: string) {
  let query = executor.selectFrom('grafts').where(graftVisible(visibility, today));
  if (filter.id !== undefined) {
    query = query.where('grafts.id', '=', filter.id);
  }
  if (filter.identifiers) {
    const identifiers = filter.identifiers;
    query = query.where((eb) => eb.or(identifiers.map((identifier) => identifierMatch(identifier)(eb))));
  }
  if (filter.types) {
    query = query.where('grafts.tProdName2', 'in', filter.types.length > 0 ? filter.types : [0]);
  }
  if (filter.status) {
    const available = inListStatus(ListStatus.Free, today);
    query = query.where((eb) => (filter.status === 'available' ? available(eb) : eb.not(available(eb))));
  }
  if (filter.sourceEvents) {
    const events = filter.sourceEvents;
    query = query.where((eb) =>
      eb.or(events.map((event) => eb(sql<string>`substr(${bareSec}, 1, 21)`, '=', event.toUpperCase()))),
    );
  }
  for (const { op, date } of filter.expiry ?? []) {
    query = query.where('grafts.expiryDate', op, date);
  }
  return query;
}

/** One page of the grafts that match, by lot, and how many match in all. */
export async function searchGrafts(
  executor: Executor,
  filter: GraftFilter,
  visibility: FhirVisibility,
  today: string,
  page: { limit: number; offset: number },
): Promise<{ rows: GraftRow[]; total: number }> {
  const counted = await filtered(executor, filter, visibility, today)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows =
    page.limit === 0
      ? []
      : await filtered(executor, filter, visibility, today)
          .selectAll('grafts')
          .orderBy('grafts.eLot')
          .orderBy('grafts.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute();
  return { rows, total: Number(counted.total) };
}

export function eutesByIds(executor: Executor, ids: readonly string[]): Promise<EuteRow[]> {
  return ids.length === 0
    ? Promise.resolve([])
    : executor.selectFrom('eutes').selectAll().where('id', 'in', ids).execute();
}

/** The clinics the bank's grafts are meant for (the `graft-clinic` extension names them). */
export async function graftClinicIds(executor: Executor, euteId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('grafts')
    .select('clinicId')
    .distinct()
    .where('euteId', '=', euteId)
    .where('clinicId', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.clinicId === null ? [] : [row.clinicId]));
}

export function clinicsByIds(executor: Executor, ids: readonly string[]): Promise<ClinicRow[]> {
  return ids.length === 0
    ? Promise.resolve([])
    : executor.selectFrom('clinics').selectAll().where('id', 'in', ids).execute();
}

export interface RequestFilter {
  graftIds?: string[];
  states?: readonly RequestState[];
  /** Only requests of these grafts' bank (the export). */
  euteId?: string;
}

/** Requests with the day their graft was handed over, oldest first. */
export function findRequests(
  executor: Executor,
  filter: RequestFilter,
  visibility: FhirVisibility,
  page: { limit: number; offset: number } | null,
) {
  let query = executor
    .selectFrom('graftRequests')
    .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
    .select([
      'graftRequests.id',
      'graftRequests.graftId',
      'graftRequests.euteId',
      'graftRequests.clinicId',
      'graftRequests.state',
      'graftRequests.implantedOn',
      'graftRequests.patientCode',
      'graftRequests.createdAt',
      'graftRequests.updatedAt',
      'grafts.deliveryOut as handedOverOn',
    ]);
  if (!visibility.all) {
    const { euteIds, clinicIds } = visibility;
    query = query.where((eb) =>
      eb.or([
        eb('graftRequests.euteId', 'in', euteIds.length > 0 ? euteIds : ['']),
        eb('graftRequests.clinicId', 'in', clinicIds.length > 0 ? clinicIds : ['']),
      ]),
    );
  }
  if (filter.graftIds) {
    query = query.where('graftRequests.graftId', 'in', filter.graftIds.length > 0 ? filter.graftIds : ['']);
  }
  if (filter.states) {
    const states = [...filter.states];
    query = query.where((eb) => (states.length > 0 ? eb('graftRequests.state', 'in', states) : sql<SqlBool>`1 = 0`));
  }
  if (filter.euteId) {
    query = query.where('graftRequests.euteId', '=', filter.euteId);
  }
  query = query.orderBy('graftRequests.createdAt').orderBy('graftRequests.id');
  return page ? query.limit(page.limit).offset(page.offset).execute() : query.execute();
}

/** The export's next page of a bank's grafts after `afterLot` (keyset paging, so each page costs the same). */
export function graftPage(executor: Executor, euteId: string, afterLot: string | null, size: number) {
  let query = executor.selectFrom('grafts').selectAll().where('euteId', '=', euteId);
  if (afterLot !== null) {
    query = query.where('eLot', '>', afterLot);
  }
  return query.orderBy('eLot').limit(size).execute();
}
