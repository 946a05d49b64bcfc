import { ANSWERED_FROM_CACHE, type AnswerCache } from '../../http/answer-cache';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddWaitingListRequest as AddWaitingListRequestSchema,
  WaitingListQuery,
  PatchWaitingListRequest as PatchWaitingListRequestSchema,
  type AddWaitingListRequest,
  type PatchWaitingListRequest,
} from '@graftmatch/domain';
import { pageOf } from '../../http/paging';
import { IdParams, errors } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import { WaitingListEntryResponse, WaitingListResponse } from '../../http/wire-responses';
import { addEntry, listOwnEntries, patchEntry, removeEntry, type WaitingListDeps } from './waitinglist.service';

const AddBody = wire<AddWaitingListRequest>(AddWaitingListRequestSchema);
const PatchBody = wire<PatchWaitingListRequest>(PatchWaitingListRequestSchema);

/** The physician's waiting list of spec §7 under /api/physician. */
export const physicianWaitingListRoutes: FastifyPluginAsyncTypebox<{
  deps: WaitingListDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  app.get(
    '/waitinglist',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'listWaitingList',
        summary: 'List the own waiting-list entries',
        tags: ['physician'],
        querystring: WaitingListQuery,
        response: { 200: WaitingListResponse, ...errors },
      },
    },
    async (request, reply) =>
      deps.answers.sendPage(
        request,
        reply,
        listOwnEntries(deps, request.principal, pageOf(request.query), request.query.show),
      ),
  );

  app.post(
    '/waitinglist',
    {
      schema: {
        operationId: 'addWaitingListEntry',
        summary: 'Add a patient to the own waiting list',
        tags: ['physician'],
        body: AddBody,
        response: { 201: WaitingListEntryResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addEntry(deps, actorOf(request), request.body)),
  );

  app.patch(
    '/waitinglist/:id',
    {
      schema: {
        operationId: 'patchWaitingListEntry',
        summary: 'Change a waiting-list entry',
        tags: ['physician'],
        params: IdParams,
        body: PatchBody,
        response: { 200: WaitingListEntryResponse, ...errors },
      },
    },
    async (request) => patchEntry(deps, actorOf(request), request.params.id, request.body),
  );

  // A GET that changes data is the spec's (§7); the client calls it so.
  app.get(
    '/waitinglist/remove/:id',
    {
      schema: {
        operationId: 'removeWaitingListEntry',
        summary: 'Remove a waiting-list entry',
        tags: ['physician'],
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeEntry(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
