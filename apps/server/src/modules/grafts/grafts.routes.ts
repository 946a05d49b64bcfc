import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  DEFAULT_GRAFT_SEARCH_QUERY,
  GraftHistory,
  ListStatus,
  SortedPageQuery,
  SortedSearchPageQuery,
} from '@graftmatch/domain';
import { MAX_SEARCH_PAGE_SIZE, pageOf, sendPaged } from '../../http/paging';
import { ANSWERED_FROM_CACHE, type AnswerCache } from '../../http/answer-cache';
import { LotParams, errors } from '../../http/request-kit';
import { GraftListResponse, GraftResponse } from '../../http/wire-responses';
import { wire } from '../../http/wire';
import { graftHistory } from './grafts.history';
import {
  findGraftByCode,
  getGraftForPhysician,
  listClinicGrafts,
  searchGrafts,
  type GraftsDeps,
} from './grafts.service';

/**
 * The search body is checked by the domain rule (validateSearchQuery), not by ajv: ajv would
 * coerce an empty value to 0 or fill in a default, and the spec wants its own text for empty
 * parameters. The schema documents the shape; unknown fields are dropped.
 */
const GraftSearchBody = Type.Unknown({
  description:
    'GraftSearchQuery: query_type (1-8), query_d_min, query_d_max (5-50, span at most 10), query_l_min (10-120), query_l_l_min, query_l_r_min (0-100), all required',
  examples: [DEFAULT_GRAFT_SEARCH_QUERY],
});

/** Physician graft calls of spec §7 under /api/physician. */
export const physicianGraftRoutes: FastifyPluginAsyncTypebox<{ deps: GraftsDeps & { answers: AnswerCache } }> = async (
  app,
  { deps },
) => {
  app.post(
    '/graftsearch',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'searchGrafts',
        summary: 'Search the free grafts that fit',
        tags: ['physician'],
        description:
          'One page of the free grafts that fit, best first (or in the order `sort` asks for); X-Total-Count gives the number of all that fit. Without limit, the best 200.',
        querystring: SortedSearchPageQuery,
        body: GraftSearchBody,
        response: { 200: GraftListResponse, ...errors },
      },
    },
    async (request, reply) =>
      deps.answers.sendPage(
        request,
        reply,
        searchGrafts(
          deps,
          request.principal,
          request.body,
          pageOf(request.query, MAX_SEARCH_PAGE_SIZE),
          request.query.sort,
        ),
      ),
  );

  app.get(
    '/graftsearch/:lot',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'getGraftForPhysician',
        summary: 'Read one graft the physician may see',
        tags: ['physician'],
        params: LotParams,
        response: { 200: GraftResponse, ...errors },
      },
    },
    async (request, reply) =>
      deps.answers.send(request, reply, getGraftForPhysician(deps, request.principal, request.params.lot)),
  );

  const clinicLists = [
    ['/currentgrafts', 'listCurrentGrafts', 'List the grafts assigned to the own clinics', ListStatus.Current],
    ['/archivgrafts', 'listArchivedGrafts', "List the own clinics' archived grafts", ListStatus.Archive],
  ] as const;
  for (const [path, operationId, summary, status] of clinicLists) {
    app.get(
      path,
      {
        schema: {
          operationId,
          summary,
          tags: ['physician'],
          querystring: SortedPageQuery,
          response: { 200: GraftListResponse, ...errors },
        },
      },
      async (request, reply) =>
        sendPaged(
          reply,
          await listClinicGrafts(deps, request.principal, status, pageOf(request.query), request.query.sort),
        ),
    );
  }
};

const CodeParams = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'a lot, a Single European Code (with or without spaces) or ISBT 128 `&,4` + SEC, URL-encoded',
  }),
});

/**
 * Under /api/grafts: finding a graft by the code on its package (physicians, bank employees, auditors) and a
 * graft's history (those, and admins).
 */
export const graftCodeRoutes: FastifyPluginAsyncTypebox<{ deps: GraftsDeps }> = async (app, { deps }) => {
  app.get(
    '/by-code/:code',
    {
      schema: {
        operationId: 'findGraftByCode',
        summary: 'Find a graft by the code on its package',
        tags: ['grafts'],
        description:
          "The graft a scanned or typed code names, if the caller may see it (physicians as in graftsearch/{lot}, employees their banks' grafts); otherwise 404.",
        params: CodeParams,
        response: { 200: GraftResponse, ...errors },
      },
    },
    async (request) => findGraftByCode(deps, request.principal, request.params.code),
  );
  app.get(
    '/history/:lot',
    {
      schema: {
        operationId: 'getGraftHistory',
        summary: "Read a graft's history",
        tags: ['grafts'],
        description:
          "The graft's life story, newest first: the audit rows of the graft, its requests and its files, each with who, when and the fields it changed (docs/api.md).",
        params: LotParams,
        response: { 200: wire<GraftHistory>(GraftHistory), ...errors },
      },
    },
    async (request) => graftHistory(deps, request.principal, request.params.lot),
  );
};
