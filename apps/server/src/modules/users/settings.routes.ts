import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PatchUserSettingsRequest, Problem, User, UserSettings } from '@graftmatch/domain';
import { getMyUser } from './me.service';
import { getMySettings, patchMySettings, type SettingsDeps } from './settings.service';

const errors = { 400: Problem, 401: Problem, 403: Problem };

/** The caller's own record and settings under /api/users. */
export const myAccountRoutes: FastifyPluginAsyncTypebox<{ deps: SettingsDeps }> = async (app, { deps }) => {
  app.get(
    '/getmyuser',
    {
      schema: {
        operationId: 'getMyUser',
        summary: 'Read the own user record',
        tags: ['users'],
        response: { 200: User, ...errors, 404: Problem, 429: Problem },
      },
    },
    async (request) => getMyUser(deps, request.principal),
  );

  app.get(
    '/settings',
    {
      schema: {
        operationId: 'getMySettings',
        summary: 'Read the own settings',
        tags: ['users'],
        response: { 200: UserSettings, ...errors },
      },
    },
    async (request) => getMySettings(deps, request.principal),
  );

  app.patch(
    '/settings',
    {
      schema: {
        operationId: 'patchMySettings',
        summary: 'Change the own settings',
        tags: ['users'],
        body: PatchUserSettingsRequest,
        response: { 200: UserSettings, ...errors },
      },
    },
    async (request) => patchMySettings(deps, { principal: request.principal, ip: request.ip }, request.body),
  );
};
