import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/types';
import type { PushEnvelope } from './push-audience';
import { createLocalBus, type PushBus, type RelayMessage } from './push-bus';

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin for the JSON around them.
const MAX_NOTIFY_BYTES = 7800;
const MAX_RECONNECT_DELAY_MS = 30_000;

type Notification = { origin: string; envelope: PushEnvelope } | { origin: string; relay: RelayMessage };

export interface PostgresBusDeps {
  db: Kysely<DB>;
  /** A new client outside the pool: LISTEN needs one connection held for the app's whole life. */
  openDedicatedClient: () => pg.Client;
  log: FastifyBaseLogger;
  firstReconnectDelayMs?: number;
}

/**
 * One channel per schema, so apps sharing a database but not a schema (tests, staging) do not
 * hear each other. Channel names are identifiers of at most 63 bytes.
 */
async function channelOf(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const channel = schema === 'public' ? 'graftmatch_push' : `graftmatch_push_${schema}`;
  return channel.length <= 63
    ? channel
    : `graftmatch_push_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

/** Payloads small enough for NOTIFY: a long list of lots travels as several `graftsChanged` events. */
export function notifyPayloads(origin: string, envelope: PushEnvelope): string[] {
  const payload = JSON.stringify({ origin, envelope } satisfies Notification);
  const { message } = envelope;
  if (
    Buffer.byteLength(payload) <= MAX_NOTIFY_BYTES ||
    message.event !== 'graftsChanged' ||
    message.args[0].length < 2
  ) {
    return [payload];
  }
  const lots = message.args[0];
  const half = Math.ceil(lots.length / 2);
  return [lots.slice(0, half), lots.slice(half)].flatMap((part) =>
    notifyPayloads(origin, { ...envelope, message: { event: 'graftsChanged', args: [part] } }),
  );
}

/**
 * The bus across instances: an event is delivered here at once and sent with NOTIFY; every other
 * instance hears it on its LISTEN connection. That connection reconnects after a loss, with a
 * growing delay; events sent while it is down are lost, which clients cover by re-fetching after
 * their own reconnect (docs/decisions.md §8).
 */
export async function createPostgresBus(deps: PostgresBusDeps): Promise<PushBus> {
  const local = createLocalBus(deps.log);
  const origin = randomUUID();
  const channel = await channelOf(deps.db);
  const firstDelay = deps.firstReconnectDelayMs ?? 500;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = firstDelay;

  let relayListener: ((message: RelayMessage) => void) | undefined;
  const onNotification = (notification: pg.Notification) => {
    try {
      const parsed = JSON.parse(notification.payload ?? '') as Notification;
      if (parsed.origin !== origin) {
        if ('relay' in parsed) {
          relayListener?.(parsed.relay);
        } else {
          local.deliver(parsed.envelope);
        }
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'push: ignored a malformed notification');
    }
  };

  const scheduleReconnect = () => {
    if (closed || retry) {
      return;
    }
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, delay);
    delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
  };

  async function listen(): Promise<void> {
    const candidate = deps.openDedicatedClient();
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) {
        return;
      }
      lost = true;
      if (client === candidate) {
        client = null;
      }
      candidate.removeAllListeners('notification');
      void candidate.end().catch(() => undefined);
      if (!closed) {
        deps.log.warn({ err: error }, 'push: the LISTEN connection was lost; reconnecting');
        scheduleReconnect();
      }
    };
    candidate.on('error', onLost);
    candidate.on('end', () => onLost());
    candidate.on('notification', onNotification);
    try {
      await candidate.connect();
      await candidate.query(`listen ${candidate.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await candidate.end();
      return;
    }
    client = candidate;
    delay = firstDelay;
  }

  await listen();

  return {
    subscribe: local.subscribe,
    publish(envelope) {
      local.deliver(envelope);
      for (const payload of notifyPayloads(origin, envelope)) {
        sql`select pg_notify(${channel}, ${payload})`.execute(deps.db).catch((error: unknown) => {
          deps.log.error(
            { err: error, event: envelope.message.event },
            'push: NOTIFY failed; other instances miss this event',
          );
        });
      }
    },
    async relay(message) {
      const payload = JSON.stringify({ origin, relay: message } satisfies Notification);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        return false;
      }
      await sql`select pg_notify(${channel}, ${payload})`.execute(deps.db);
      return true;
    },
    onRelay(listener) {
      relayListener = listener;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await local.close();
      await current?.end().catch(() => undefined);
    },
  };
}
