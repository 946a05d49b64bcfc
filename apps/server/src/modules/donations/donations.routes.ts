import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ListStatus, Lot, Problem } from '@graftmatch/domain';
import type { AnswerCache } from '../../http/answer-cache';
import { PageQuery, pageOf, sendPaged } from '../../http/paging';
import { renderWaitingListPdf, waitingListFileName } from '../../pdf/waiting-list-pdf';
import { GraftListResponse, GraftResponse } from '../grafts/grafts.routes';
import { getDonation, listEuteDonations, type GraftsDeps } from '../grafts/grafts.service';
import { WaitingListResponse } from '../waitinglist/waitinglist.routes';
import { demandForPdf, listDemand } from '../waitinglist/waitinglist.service';

const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const PdfFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' });

/** The tissue-bank employee calls of spec §7 under /api/euteemployee. */
export const euteEmployeeRoutes: FastifyPluginAsyncTypebox<{ deps: GraftsDeps & { answers: AnswerCache } }> = async (
  app,
  { deps },
) => {
  app.get(
    '/waitinglist',
    {
      schema: { tags: ['euteemployee'], querystring: PageQuery, response: { 200: WaitingListResponse, ...errors } },
    },
    async (request, reply) =>
      deps.answers.sendPage(request, reply, listDemand(deps, request.principal, pageOf(request.query))),
  );

  app.get(
    '/waitinglist/download',
    {
      schema: { tags: ['euteemployee'], produces: ['application/pdf'], response: { 200: PdfFile, ...errors } },
    },
    async (request, reply) => {
      const demand = await demandForPdf(deps, request.principal);
      const generatedAt = deps.now();
      const pdf = await renderWaitingListPdf({ ...demand, generatedAt });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${waitingListFileName(generatedAt)}"`)
        .send(pdf);
    },
  );

  app.get(
    '/currentdonations',
    {
      schema: { tags: ['euteemployee'], querystring: PageQuery, response: { 200: GraftListResponse, ...errors } },
    },
    async (request, reply) =>
      sendPaged(reply, await listEuteDonations(deps, request.principal, ListStatus.Current, pageOf(request.query))),
  );

  app.get(
    '/currentdonations/:lot',
    {
      schema: {
        tags: ['euteemployee'],
        params: Type.Object({ lot: Lot }),
        response: { 200: GraftResponse, ...errors },
      },
    },
    async (request) => getDonation(deps, request.principal, request.params.lot),
  );

  app.get(
    '/donationsarchiv',
    {
      schema: { tags: ['euteemployee'], querystring: PageQuery, response: { 200: GraftListResponse, ...errors } },
    },
    async (request, reply) =>
      sendPaged(reply, await listEuteDonations(deps, request.principal, ListStatus.Archive, pageOf(request.query))),
  );
};
