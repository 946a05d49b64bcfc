import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PatchUserSettingsRequest, Problem, UserSettings } from '@graftmatch/domain';
import { getMySettings, patchMySettings, type SettingsDeps } from './settings.service';

const errors = { 400: Problem, 401: Problem, 403: Problem };

/** The caller's own settings under /api/users. */
export const mySettingsRoutes: FastifyPluginAsyncTypebox<{ deps: SettingsDeps }> = async (app, { deps }) => {
  app.get('/settings', { schema: { tags: ['users'], response: { 200: UserSettings, ...errors } } }, async (request) =>
    getMySettings(deps, request.principal),
  );

  app.patch(
    '/settings',
    { schema: { tags: ['users'], body: PatchUserSettingsRequest, response: { 200: UserSettings, ...errors } } },
    async (request) => patchMySettings(deps, { principal: request.principal, ip: request.ip }, request.body),
  );
};
