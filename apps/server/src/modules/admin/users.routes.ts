import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddUserRequest as AddUserRequestSchema,
  AuditLogEntry,
  Id,
  ISO_DATE_PATTERN,
  ISO_DATE_TIME_PATTERN,
  PatchUserRequest as PatchUserRequestSchema,
  Problem,
  RequiredText,
  User as UserSchema,
  type AddUserRequest,
  type PatchUserRequest,
  type User,
} from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { MAX_PAGE_SIZE, PageQuery, pageOf, sendPaged } from '../../http/paging';
import { wire } from '../../http/wire';
import { readAuditLog } from './auditlog.service';
import {
  addUser,
  endUserSessions,
  getUser,
  listUsers,
  patchUser,
  setUserActive,
  type Actor,
  type AdminDeps,
} from './users.service';

export const adminErrors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem };
export const IdParams = Type.Object({ id: Id });
/** A page of a list, optionally only active (`true`) or inactive (`false`) records. */
export const ActiveListQuery = Type.Object(
  { ...PageQuery.properties, active: Type.Optional(Type.Boolean({ description: 'true: only active ones' })) },
  { additionalProperties: false },
);
export const actorOf = (request: FastifyRequest): Actor => ({ principal: request.principal, ip: request.ip });

const UserResponse = wire<User>(UserSchema);
const UserListResponse = wire<User[]>(Type.Array(UserSchema));
const AddBody = wire<AddUserRequest>(AddUserRequestSchema);
const PatchBody = wire<PatchUserRequest>(PatchUserRequestSchema);

const AUDIT_PAGE_SIZE = 50;
const AuditLogQuery = Type.Object(
  {
    ...PageQuery.properties,
    actorId: Type.Optional(Id),
    action: Type.Optional(RequiredText(100)),
    targetType: Type.Optional(RequiredText(50)),
    targetId: Type.Optional(RequiredText(100)),
    from: Type.Optional(
      Type.String({
        pattern: `${ISO_DATE_PATTERN}|${ISO_DATE_TIME_PATTERN}`,
        description: 'yyyy-mm-dd or ISO date-time, UTC',
      }),
    ),
    to: Type.Optional(
      Type.String({
        pattern: `${ISO_DATE_PATTERN}|${ISO_DATE_TIME_PATTERN}`,
        description: 'a date includes that whole day',
      }),
    ),
  },
  { additionalProperties: false },
);
const AuditLogPage = Type.Object({
  items: Type.Array(AuditLogEntry),
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }),
  offset: Type.Integer({ minimum: 0 }),
});

/** User administration of spec §7 and the audit log, under /api/admin. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ deps: AdminDeps }> = async (app, { deps }) => {
  app.get(
    '/users',
    {
      schema: { tags: ['admin'], querystring: ActiveListQuery, response: { 200: UserListResponse, ...adminErrors } },
    },
    async (request, reply) =>
      sendPaged(reply, await listUsers(deps, request.principal, request.query, pageOf(request.query))),
  );

  app.get(
    '/user/:id',
    {
      schema: { tags: ['admin'], params: IdParams, response: { 200: UserResponse, ...adminErrors } },
    },
    async (request) => getUser(deps, request.principal, request.params.id),
  );

  app.post(
    '/users/add',
    {
      schema: { tags: ['admin'], body: AddBody, response: { 201: UserResponse, ...adminErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await addUser(deps, actorOf(request), request.body as AddUserRequest)),
  );

  app.patch(
    '/user',
    {
      schema: { tags: ['admin'], body: PatchBody, response: { 200: UserResponse, ...adminErrors } },
    },
    async (request) => patchUser(deps, actorOf(request), request.body as PatchUserRequest),
  );

  app.get(
    '/user/activate/:id',
    {
      schema: { tags: ['admin'], params: IdParams, response: { 200: UserResponse, ...adminErrors } },
    },
    async (request) => setUserActive(deps, actorOf(request), request.params.id, true),
  );

  app.get(
    '/user/deactivate/:id',
    {
      schema: { tags: ['admin'], params: IdParams, response: { 200: UserResponse, ...adminErrors } },
    },
    async (request) => setUserActive(deps, actorOf(request), request.params.id, false),
  );

  app.post(
    '/user/endsessions/:id',
    {
      schema: { tags: ['admin'], params: IdParams, response: { 204: Type.Null(), ...adminErrors } },
    },
    async (request, reply) => {
      await endUserSessions(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auditlog',
    {
      schema: { tags: ['admin'], querystring: AuditLogQuery, response: { 200: AuditLogPage, ...adminErrors } },
    },
    async (request) => {
      const { limit: _limit, offset: _offset, ...filter } = request.query;
      return readAuditLog(deps, request.principal, filter, pageOf(request.query, AUDIT_PAGE_SIZE));
    },
  );
};
