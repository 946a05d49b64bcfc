import type { AnswerCache } from '../../http/answer-cache';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddWaitingListRequest as AddWaitingListRequestSchema,
  Id,
  PatchWaitingListRequest as PatchWaitingListRequestSchema,
  Problem,
  WaitingListEntry as WaitingListEntrySchema,
  type AddWaitingListRequest,
  type PatchWaitingListRequest,
  type WaitingListEntry as WaitingListEntryWire,
} from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { PageQuery, pageOf } from '../../http/paging';
import { wire } from '../../http/wire';
import {
  addEntry,
  listOwnEntries,
  patchEntry,
  removeEntry,
  type Actor,
  type WaitingListDeps,
} from './waitinglist.service';

const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const EntryParams = Type.Object({ id: Id });
export const WaitingListEntry = wire<WaitingListEntryWire>(WaitingListEntrySchema);
export const WaitingListResponse = wire<WaitingListEntryWire[]>(Type.Array(WaitingListEntrySchema));
const AddBody = wire<AddWaitingListRequest>(AddWaitingListRequestSchema);
const PatchBody = wire<PatchWaitingListRequest>(PatchWaitingListRequestSchema);

export const actorOf = (request: FastifyRequest): Actor => ({ principal: request.principal, ip: request.ip });

/** The physician's waiting list of spec §7 under /api/physician. */
export const physicianWaitingListRoutes: FastifyPluginAsyncTypebox<{
  deps: WaitingListDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  app.get(
    '/waitinglist',
    {
      schema: { tags: ['physician'], querystring: PageQuery, response: { 200: WaitingListResponse, ...errors } },
    },
    async (request, reply) =>
      deps.answers.sendPage(request, reply, listOwnEntries(deps, request.principal, pageOf(request.query))),
  );

  app.post(
    '/waitinglist',
    {
      schema: { tags: ['physician'], body: AddBody, response: { 201: WaitingListEntry, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await addEntry(deps, actorOf(request), request.body as AddWaitingListRequest)),
  );

  app.patch(
    '/waitinglist/:id',
    {
      schema: {
        tags: ['physician'],
        params: EntryParams,
        body: PatchBody,
        response: { 200: WaitingListEntry, ...errors },
      },
    },
    async (request) => patchEntry(deps, actorOf(request), request.params.id, request.body as PatchWaitingListRequest),
  );

  // A GET that changes data is the spec's (§7); the client calls it so.
  app.get(
    '/waitinglist/remove/:id',
    {
      schema: { tags: ['physician'], params: EntryParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await removeEntry(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
