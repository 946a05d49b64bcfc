import { Type } from '@sinclair/typebox';
import { Id, Lot, Problem, languageOfHeader, type Language } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';

/** The problem+json answers a route declares, by status: `problems(400, 401, 403, 404, 409)`. */
export function problems<S extends number>(...statuses: S[]): Record<S, typeof Problem> {
  return Object.fromEntries(statuses.map((status) => [status, Problem])) as Record<S, typeof Problem>;
}

/** The answers every protected route can give besides its own: bad input, no or wrong login, no record. */
export const errors = problems(400, 401, 403, 404);

/** The `{id}` path parameter of a record. */
export const IdParams = Type.Object({ id: Id });

/** The `{lot}` path parameter of a graft (its `e_Lot`). */
export const LotParams = Type.Object({ lot: Lot });

/** Where a request comes from, for audit rows and the session list of the auth module. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export const requestContext = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The language the caller's texts are worded in: its `Accept-Language` (the web sends the one chosen in the UI). */
export const languageOf = (request: FastifyRequest): Language => languageOfHeader(request.headers['accept-language']);
