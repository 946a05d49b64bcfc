import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminDashboard, EuteDashboard, PhysicianDashboard } from '@graftmatch/domain';
import { errors } from '../../http/request-kit';
import {
  adminDashboard,
  euteDashboard,
  physicianDashboard,
  type AdminDashboardDeps,
  type DashboardsDeps,
} from './dashboards.service';

/** `GET /physician/dashboard`. */
export const physicianDashboardRoutes: FastifyPluginAsyncTypebox<{ deps: DashboardsDeps }> = async (app, { deps }) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['physician'], response: { 200: PhysicianDashboard, ...errors } } },
    async (request) => physicianDashboard(deps, request.principal),
  );
};

/** `GET /euteemployee/dashboard`. */
export const euteDashboardRoutes: FastifyPluginAsyncTypebox<{ deps: DashboardsDeps }> = async (app, { deps }) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['euteemployee'], response: { 200: EuteDashboard, ...errors } } },
    async (request) => euteDashboard(deps, request.principal),
  );
};

/** `GET /admin/dashboard`: admins and auditors. */
export const adminDashboardRoutes: FastifyPluginAsyncTypebox<{ deps: AdminDashboardDeps }> = async (app, { deps }) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['admin'], response: { 200: AdminDashboard, ...errors } } },
    async (request) => adminDashboard(deps, request.principal),
  );
};
