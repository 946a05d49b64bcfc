import websocket from '@fastify/websocket';
import { PUSH_KEEP_ALIVE_INTERVAL_MS, PUSH_TIMEOUT_MS } from '@graftmatch/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { IdentityDeps } from '../identity/identity.deps';
import { loadPrincipal } from '../identity/principal';
import { createConnectionTokens } from './connection-token';
import type { PushTimings } from './hub-connection';
import { createPostgresBus } from './postgres-bus';
import { createLocalBus, type PushBus, type PushPublisher } from './push-bus';
import { createPushHub, type PushHub } from './push-hub';
import { createConnectionRelay } from './push-relay';
import { pushRoutes } from './push.routes';

export const DEFAULT_PUSH_TIMINGS: PushTimings = {
  keepAliveIntervalMs: PUSH_KEEP_ALIVE_INTERVAL_MS,
  clientTimeoutMs: PUSH_TIMEOUT_MS,
  closeGraceMs: 1000,
  // Under the 100 s of the spec and of the official client's poll timeout, so an answer never
  // goes to a client that has just given up on its poll.
  longPollMs: 95_000,
  // A client that dropped gets this long to come back and receive what it missed (docs/decisions.md).
  replayWindowMs: 60_000,
  replayMaxChars: 256 * 1024,
};
/** Negotiate is followed by the transport at once; a token that opened nothing this long is void. */
const CONNECTION_TOKEN_LIFETIME_MS = 30_000;

export interface PushDeps {
  database: Database;
  auth: Pick<IdentityDeps, 'db' | 'now' | 'secrets'>;
  publicUrl: string;
  timings?: Partial<PushTimings>;
}

/**
 * WebSocket upgrades through Fastify's routing. Registered before the authentication and
 * anti-forgery hooks, so that an upgrade they refuse is still marked as one and its socket
 * destroyed after the refusal; otherwise the socket would stay open and hold shutdown up.
 */
export async function registerWebSockets(app: FastifyInstance) {
  await app.register(websocket, {
    // Clients only send handshakes, pings and the odd invocation; nothing large is ever expected.
    options: { maxPayload: 64 * 1024 },
    // The plugin's default would close every socket without a word; the hub closes its own, with a close message.
    preClose: async function (this: FastifyInstance) {
      this.websocketServer.close();
    },
  });
}

/** On PostgreSQL events cross instances by LISTEN/NOTIFY; on SQLite there is only one instance. */
function createBus(app: FastifyInstance, database: Database): Promise<PushBus> | PushBus {
  if (database.engine === 'postgres' && database.openDedicatedClient) {
    return createPostgresBus({ db: database.db, openDedicatedClient: database.openDedicatedClient, log: app.log });
  }
  return createLocalBus(app.log);
}

/**
 * Registers the push hub (docs/decisions.md §8) and answers the publisher that services emit events with.
 * On close, every client is told first (a close message allowing reconnect), then the bus stops.
 */
export async function registerPush(
  app: FastifyInstance,
  deps: PushDeps,
): Promise<{
  publisher: PushPublisher;
  connections: () => number;
  connectedUsers: () => number;
  connectionsByTransport: PushHub['countByTransport'];
}> {
  const bus = await createBus(app, deps.database);
  const timings = { ...DEFAULT_PUSH_TIMINGS, ...deps.timings };
  const hub = createPushHub(bus, {
    timings,
    recheck: async (session) => (await loadPrincipal(deps.auth, session))?.principal ?? null,
    log: app.log,
  });
  const relay = createConnectionRelay(bus, hub);
  app.addHook('preClose', () => hub.closeAll());
  app.addHook('onClose', () => bus.close());
  const tokens = createConnectionTokens({
    secrets: deps.auth.secrets,
    now: deps.auth.now,
    lifetimeMs: CONNECTION_TOKEN_LIFETIME_MS,
  });
  await app.register(pushRoutes, {
    deps: { auth: deps.auth, hub, tokens, timings, publicUrl: deps.publicUrl, relay },
  });
  return {
    publisher: bus,
    connections: () => hub.count(),
    connectedUsers: () => hub.userCount(),
    connectionsByTransport: () => hub.countByTransport(),
  };
}
