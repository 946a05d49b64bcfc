import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BankReminderSettings as SettingsSchema,
  BankReminderSettingsRequest as SettingsRequestSchema,
  type BankReminderSettings,
  type BankReminderSettingsRequest,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import { getBankReminderSettings, setBankReminderSettings } from './organisations.reminders';

const errors = problems(400, 401, 403, 404);
const Settings = wire<BankReminderSettings>(SettingsSchema);
const SettingsBody = wire<BankReminderSettingsRequest>(SettingsRequestSchema);

/** A bank's reminder thresholds, under /api/admin: admins set them, auditors read them. */
export const adminReminderSettingsRoutes: FastifyPluginAsyncTypebox<{
  deps: { db: Kysely<DB>; now: () => Date };
}> = async (app, { deps }) => {
  app.get(
    '/eutes/:id/reminders',
    {
      schema: {
        operationId: 'getBankReminderSettings',
        summary: "Read a tissue bank's reminder thresholds",
        tags: ['admin'],
        params: IdParams,
        response: { 200: Settings, ...errors },
      },
    },
    async (request) => getBankReminderSettings(deps, actorOf(request), request.params.id),
  );
  app.patch(
    '/eutes/:id/reminders',
    {
      schema: {
        operationId: 'setBankReminderSettings',
        summary: "Set a tissue bank's reminder thresholds",
        tags: ['admin'],
        params: IdParams,
        body: SettingsBody,
        response: { 200: Settings, ...errors },
      },
    },
    async (request) => setBankReminderSettings(deps, actorOf(request), request.params.id, request.body),
  );
};
