import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SortedPageQuery, StockGraft, StockQuery, type StockGraft as StockGraftType } from '@graftmatch/domain';
import { ANSWERED_FROM_CACHE, type AnswerCache } from '../../http/answer-cache';
import { PageQuery, pageOf, sendPaged } from '../../http/paging';
import { LotParams, errors, languageOf } from '../../http/request-kit';
import { GraftListResponse, GraftResponse, WaitingListResponse } from '../../http/wire-responses';
import { wire } from '../../http/wire';
import {
  demandPdf,
  donationLabel,
  getDonation,
  listArchivedDonations,
  listOpenDemand,
  listStock,
  type DonationsDeps,
} from './donations.service';

const StockListResponse = wire<StockGraftType[]>(Type.Array(StockGraft));
const LabelQuery = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('a4'), Type.Literal('100x50')], { default: 'a4' })) },
  { additionalProperties: false },
);
const PdfFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' });

/** The tissue-bank employee calls of spec §7 under /api/euteemployee. */
export const euteEmployeeRoutes: FastifyPluginAsyncTypebox<{ deps: DonationsDeps & { answers: AnswerCache } }> = async (
  app,
  { deps },
) => {
  app.get(
    '/waitinglist',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'listDemand',
        summary: 'List the open waiting-list entries of all physicians (the demand)',
        tags: ['euteemployee'],
        querystring: PageQuery,
        response: { 200: WaitingListResponse, ...errors },
      },
    },
    async (request, reply) =>
      deps.answers.sendPage(request, reply, listOpenDemand(deps, request.principal, pageOf(request.query))),
  );

  app.get(
    '/waitinglist/download',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'downloadDemandPdf',
        summary: 'Download the demand as a PDF',
        tags: ['euteemployee'],
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errors },
      },
    },
    async (request, reply) =>
      deps.answers.sendDocument(request, reply, demandPdf(deps, request.principal, languageOf(request))),
  );

  app.get(
    '/currentdonations',
    {
      schema: {
        operationId: 'listCurrentDonations',
        summary: "List the own banks' current grafts",
        tags: ['euteemployee'],
        querystring: StockQuery,
        response: { 200: StockListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { limit, offset, ...query } = request.query;
      return sendPaged(reply, await listStock(deps, request.principal, query, pageOf({ limit, offset })));
    },
  );

  app.get(
    '/currentdonations/:lot',
    {
      schema: {
        operationId: 'getDonation',
        summary: "Read one of the own banks' grafts",
        tags: ['euteemployee'],
        params: LotParams,
        response: { 200: GraftResponse, ...errors },
      },
    },
    async (request) => getDonation(deps, request.principal, request.params.lot),
  );

  app.get(
    '/currentdonations/:lot/label',
    {
      schema: {
        operationId: 'downloadDonationLabel',
        summary: "Download a graft's package label as a PDF",
        tags: ['euteemployee'],
        description:
          'The package label: SEC eye-readable, Code 128 and Data Matrix of ISBT 128 `&,4` + SEC (the lot without SEC), type and sizes. `format`: a4 (ten labels) or 100x50 (one label).',
        params: LotParams,
        querystring: LabelQuery,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errors },
      },
    },
    async (request, reply) => {
      const label = await donationLabel(
        deps,
        request.principal,
        request.params.lot,
        request.query.format ?? 'a4',
        languageOf(request),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${label.fileName}"`)
        .send(label.bytes);
    },
  );

  app.get(
    '/donationsarchiv',
    {
      schema: {
        operationId: 'listArchivedDonations',
        summary: "List the own banks' archived grafts",
        tags: ['euteemployee'],
        querystring: SortedPageQuery,
        response: { 200: GraftListResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPaged(reply, await listArchivedDonations(deps, request.principal, pageOf(request.query), request.query.sort)),
  );
};
