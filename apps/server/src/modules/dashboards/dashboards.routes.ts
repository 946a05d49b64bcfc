import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminDashboard, EuteDashboard, MatchesSeen, PhysicianDashboard, StockTrend } from '@graftmatch/domain';
import { ANSWERED_FROM_CACHE, type AnswerCache } from '../../http/answer-cache';
import { errors } from '../../http/request-kit';
import { adminDashboard, type AdminDashboardDeps } from './dashboards.admin';
import {
  euteDashboard,
  markMatchesSeen,
  physicianDashboard,
  stockTrend,
  type DashboardsDeps,
} from './dashboards.service';

/** `GET /physician/dashboard`; `POST /physician/dashboard/matches-seen` when the physician views their waiting list. */
export const physicianDashboardRoutes: FastifyPluginAsyncTypebox<{
  deps: DashboardsDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  app.get(
    '/dashboard',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'getPhysicianDashboard',
        summary: "Read the physician's home figures",
        tags: ['physician'],
        response: { 200: PhysicianDashboard, ...errors },
      },
    },
    async (request, reply) => deps.answers.send(request, reply, physicianDashboard(deps, request.principal)),
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
  app.get(
    '/dashboard',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'getBankDashboard',
        summary: "Read the tissue bank employee's home figures",
        tags: ['euteemployee'],
        response: { 200: EuteDashboard, ...errors },
      },
    },
    async (request, reply) => deps.answers.send(request, reply, euteDashboard(deps, request.principal)),
  );
  app.get(
    '/dashboard/trend',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'getBankStockTrend',
        summary: "Read the banks' stock over the last 12 months",
        tags: ['euteemployee'],
        response: { 200: StockTrend, ...errors },
      },
    },
    async (request, reply) => deps.answers.send(request, reply, stockTrend(deps, request.principal)),
  );
};

/** `GET /admin/dashboard`: admins and auditors. */
export const adminDashboardRoutes: FastifyPluginAsyncTypebox<{
  deps: AdminDashboardDeps & { answers: AnswerCache };
}> = async (app, { deps }) => {
  app.get(
    '/dashboard',
    {
      ...ANSWERED_FROM_CACHE,
      schema: {
        operationId: 'getAdminDashboard',
        summary: "Read the admin's home figures",
        tags: ['admin'],
        response: { 200: AdminDashboard, ...errors },
      },
    },
    async (request, reply) => deps.answers.send(request, reply, adminDashboard(deps, request.principal)),
  );
};
