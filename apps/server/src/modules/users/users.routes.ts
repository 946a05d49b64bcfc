import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  UserListQuery,
  AddUserRequest as AddUserRequestSchema,
  PatchUserRequest as PatchUserRequestSchema,
  User as UserSchema,
  type AddUserRequest,
  type PatchUserRequest,
  type User,
} from '@graftmatch/domain';
import { pageOf, sendPaged } from '../../http/paging';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import {
  addUser,
  endUserSessions,
  getUser,
  listUsers,
  patchUser,
  setUserActive,
  type UsersDeps,
} from './users.service';

const adminErrors = problems(400, 401, 403, 404, 409);

const UserResponse = wire<User>(UserSchema);
const UserListResponse = wire<User[]>(Type.Array(UserSchema));
const AddBody = wire<AddUserRequest>(AddUserRequestSchema);
const PatchBody = wire<PatchUserRequest>(PatchUserRequestSchema);

/** User administration of spec §7, under /api/admin. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ deps: UsersDeps }> = async (app, { deps }) => {
  app.get(
    '/users',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'List users',
        tags: ['admin'],
        querystring: UserListQuery,
        response: { 200: UserListResponse, ...adminErrors },
      },
    },
    async (request, reply) =>
      sendPaged(reply, await listUsers(deps, request.principal, request.query, pageOf(request.query))),
  );

  app.get(
    '/user/:id',
    {
      schema: {
        operationId: 'getUser',
        summary: 'Read one user',
        tags: ['admin'],
        params: IdParams,
        response: { 200: UserResponse, ...adminErrors },
      },
    },
    async (request) => getUser(deps, request.principal, request.params.id),
  );

  app.post(
    '/users/add',
    {
      schema: {
        operationId: 'addUser',
        summary: 'Add a user',
        tags: ['admin'],
        body: AddBody,
        response: { 201: UserResponse, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await addUser(deps, actorOf(request), request.body)),
  );

  app.patch(
    '/user',
    {
      schema: {
        operationId: 'patchUser',
        summary: 'Change a user',
        tags: ['admin'],
        body: PatchBody,
        response: { 200: UserResponse, ...adminErrors },
      },
    },
    async (request) => patchUser(deps, actorOf(request), request.body),
  );

  app.get(
    '/user/activate/:id',
    {
      schema: {
        operationId: 'activateUser',
        summary: 'Activate a user',
        tags: ['admin'],
        params: IdParams,
        response: { 200: UserResponse, ...adminErrors },
      },
    },
    async (request) => setUserActive(deps, actorOf(request), request.params.id, true),
  );

  app.get(
    '/user/deactivate/:id',
    {
      schema: {
        operationId: 'deactivateUser',
        summary: 'Deactivate a user and end their sessions',
        tags: ['admin'],
        params: IdParams,
        response: { 200: UserResponse, ...adminErrors },
      },
    },
    async (request) => setUserActive(deps, actorOf(request), request.params.id, false),
  );

  app.post(
    '/user/endsessions/:id',
    {
      schema: {
        operationId: 'endUserSessions',
        summary: "End all of a user's sessions",
        tags: ['admin'],
        params: IdParams,
        response: { 204: Type.Null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await endUserSessions(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
