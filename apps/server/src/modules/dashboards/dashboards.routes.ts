import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { AdminDashboard, EuteDashboard, MatchesSeen, PhysicianDashboard, StockTrend } from '@graftmatch/domain';
import { ANSWERED_FROM_CACHE, type AnswerCache, type Cacheable } from '../../http/answer-cache';
import { errors } from '../../http/request-kit';
import type { Principal } from '../../identity/principal';
import { adminDashboard, type AdminDashboardDeps } from './dashboards.admin';
import {
  euteDashboard,
  markMatchesSeen,
  physicianDashboard,
  stockTrend,
  type DashboardsDeps,
} from './dashboards.service';

/** Declares a home's figures at a path: computed per caller, answered from the answer cache while the data holds. */
const cachedFigures =
  (app: Parameters<FastifyPluginAsyncTypebox>[0], answers: AnswerCache) =>
  (
    path: string,
    docs: { operationId: string; summary: string; tag: string; response: TSchema },
    compute: (principal: Principal | null) => Cacheable<unknown>,
  ) =>
    app.get(
      path,
      {
        ...ANSWERED_FROM_CACHE,
        schema: {
          operationId: docs.operationId,
          summary: docs.summary,
          tags: [docs.tag],
          response: { 200: docs.response, ...errors },
        },
      },
      async (request, reply) => answers.send(request, reply, compute(request.principal)),
    );

/** `GET /physician/dashboard`; `POST /physician/dashboard/matches-seen` when the physician views their waiting list. */
export const physicianDashboardRoutes: FastifyPluginAsyncTypebox<{
  deps: DashboardsDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  const figures = cachedFigures(app, deps.answers);
  figures(
    '/dashboard',
    {
      operationId: 'getPhysicianDashboard',
      summary: "Read the physician's home figures",
      tag: 'physician',
      response: PhysicianDashboard,
    },
    (principal) => physicianDashboard(deps, principal),
  );
  app.post(
    '/dashboard/matches-seen',
    {
      schema: {
        operationId: 'markMatchesSeen',
        summary: 'Mark the new matches of the own waiting list as seen',
        tags: ['physician'],
        response: { 200: MatchesSeen, ...errors },
      },
    },
    async (request) => markMatchesSeen(deps, request.principal),
  );
};

/** `GET /euteemployee/dashboard`; its 12-month trend apart, so the home's counters stay quick. */
export const euteDashboardRoutes: FastifyPluginAsyncTypebox<{
  deps: DashboardsDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  const figures = cachedFigures(app, deps.answers);
  figures(
    '/dashboard',
    {
      operationId: 'getBankDashboard',
      summary: "Read the tissue bank employee's home figures",
      tag: 'euteemployee',
      response: EuteDashboard,
    },
    (principal) => euteDashboard(deps, principal),
  );
  figures(
    '/dashboard/trend',
    {
      operationId: 'getBankStockTrend',
      summary: "Read the banks' stock over the last 12 months",
      tag: 'euteemployee',
      response: StockTrend,
    },
    (principal) => stockTrend(deps, principal),
  );
};

/** `GET /admin/dashboard`: admins and auditors. */
export const adminDashboardRoutes: FastifyPluginAsyncTypebox<{
  deps: AdminDashboardDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  const figures = cachedFigures(app, deps.answers);
  figures(
    '/dashboard',
    {
      operationId: 'getAdminDashboard',
      summary: "Read the admin's home figures",
      tag: 'admin',
      response: AdminDashboard,
    },
    (principal) => adminDashboard(deps, principal),
  );
};
