import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddPushSubscriptionRequest,
  NotificationPreferences,
  PushDevice,
  PushDeviceList,
  VapidPublicKey,
} from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { errors, IdParams } from '../../http/request-kit';
import { getMyPreferences, putMyPreferences, type PreferencesDeps } from './preferences.service';
import {
  addMyDevice,
  listMyDevices,
  removeMyDevice,
  vapidKeyFor,
  type SubscriptionsDeps,
} from './subscriptions.service';

export type AlertRoutesDeps = PreferencesDeps & SubscriptionsDeps;

const caller = (request: FastifyRequest) => ({
  principal: request.principal,
  sessionId: request.sessionId ?? null,
  ip: request.ip,
});

/** Alerts under /api (docs/api.md "Alerts"): the VAPID key, the caller's devices and channel choices. */
export const alertRoutes: FastifyPluginAsyncTypebox<{ deps: AlertRoutesDeps }> = async (app, { deps }) => {
  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        operationId: 'getVapidPublicKey',
        summary: "Read the server's public key for web push",
        tags: ['alerts'],
        response: { 200: VapidPublicKey, ...errors },
      },
    },
    async (request) => vapidKeyFor(deps, request.principal),
  );

  app.get(
    '/me/push-subscriptions',
    {
      schema: {
        operationId: 'listMyPushDevices',
        summary: 'List the own devices that get web push alerts',
        tags: ['alerts'],
        response: { 200: PushDeviceList, ...errors },
      },
    },
    (request) => listMyDevices(deps, caller(request)),
  );

  app.post(
    '/me/push-subscriptions',
    {
      schema: {
        operationId: 'addMyPushDevice',
        summary: 'Register a device for web push alerts',
        tags: ['alerts'],
        body: AddPushSubscriptionRequest,
        response: { 201: PushDevice, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addMyDevice(deps, caller(request), request.body)),
  );

  app.delete(
    '/me/push-subscriptions/:id',
    {
      schema: {
        operationId: 'removeMyPushDevice',
        summary: 'Stop web push alerts to one of the own devices',
        tags: ['alerts'],
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMyDevice(deps, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me/notification-preferences',
    {
      schema: {
        operationId: 'getMyNotificationPreferences',
        summary: 'Read which alerts reach the caller on which channel',
        tags: ['alerts'],
        response: { 200: NotificationPreferences, ...errors },
      },
    },
    (request) => getMyPreferences(deps, request.principal),
  );

  app.put(
    '/me/notification-preferences',
    {
      schema: {
        operationId: 'putMyNotificationPreferences',
        summary: 'Choose which alerts reach the caller on which channel',
        tags: ['alerts'],
        body: NotificationPreferences,
        response: { 200: NotificationPreferences, ...errors },
      },
    },
    (request) => putMyPreferences(deps, { principal: request.principal, ip: request.ip }, request.body),
  );
};
