import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Outcomes as OutcomesSchema, OutcomesQuery, type Outcomes } from '@graftmatch/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from '../../http/answer-cache';
import { errors, languageOf } from '../../http/request-kit';
import { wire } from '../../http/wire';
import { outcomesCsv } from './outcomes.csv';
import { adminOutcomeReach, bankOutcomeReach, type OutcomeReach } from './outcomes.policy';
import { readOutcomes, type OutcomesDeps } from './outcomes.read';

type Deps = OutcomesDeps & { answers: AnswerCache };

/** The one schema of both sides' quality view, with each side's name for it. */
const schema = (tag: string, operation: { operationId: string; summary: string }) => ({
  ...operation,
  tags: [tag],
  description: 'The quality view: JSON, or its table as a text/csv attachment with `format=csv` or `Accept: text/csv`.',
  querystring: OutcomesQuery,
  produces: ['application/json', 'text/csv'],
  response: { 200: wire<Outcomes>(OutcomesSchema), ...errors },
});

/** CSV when the query says so, or, without `format`, when the caller accepts CSV and not JSON. */
function wantsCsv(request: FastifyRequest, format: OutcomesQuery['format']): boolean {
  if (format !== undefined) {
    return format === 'csv';
  }
  const accept = request.headers.accept ?? '';
  return accept.includes('text/csv') && !accept.includes('application/json');
}

/**
 * Answered from the answer cache, but never replayed (plugins/answer-replay.ts keys a replay by URL,
 * not by `Accept`, which chooses the format here); the cache encodes its answers itself.
 */
async function answer(deps: Deps, request: FastifyRequest, reply: FastifyReply, reach: OutcomeReach) {
  const { format, bank: _bank, ...query } = request.query as OutcomesQuery;
  const asked = { reach, query };
  return wantsCsv(request, format)
    ? deps.answers.sendDocument(request, reply, await outcomesCsv(deps, asked, languageOf(request)))
    : deps.answers.send(request, reply, await readOutcomes(deps, asked));
}

/** `GET /euteemployee/outcomes`: the caller's banks' quality view (docs/api.md "Outcomes"). */
export const bankOutcomeRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/outcomes',
    {
      compress: false,
      schema: schema('euteemployee', {
        operationId: 'getBankOutcomes',
        summary: "Read the quality view of the own banks' grafts",
      }),
    },
    async (request, reply) => answer(deps, request, reply, bankOutcomeReach(request.principal, request.query.bank)),
  );
};

/** `GET /admin/outcomes`: every bank's, one bank's (`bank=`) or the network's, for admins and auditors. */
export const adminOutcomeRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/outcomes',
    {
      compress: false,
      schema: schema('admin', {
        operationId: 'getOutcomes',
        summary: 'Read the quality view of every bank, one bank or the network',
      }),
    },
    async (request, reply) => answer(deps, request, reply, adminOutcomeReach(request.principal, request.query.bank)),
  );
};
