import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { PUSH_EVENT_NAMES, PUSH_PATH, type PushEventName, type PushMessage } from '@graftmatch/domain';
import { connect as connectTcp, createServer, type AddressInfo, type Socket } from 'node:net';
import type { TestClient } from './client';

/** Pings, re-checks, timeouts and polls within a test's patience (the defaults are 15 s, 30 s and 95 s). */
export const SHORT_PUSH_TIMINGS = {
  keepAliveIntervalMs: 150,
  clientTimeoutMs: 1500,
  closeGraceMs: 300,
  longPollMs: 1000,
  replayWindowMs: 10_000,
  replayMaxChars: 256 * 1024,
};

/** A connection of the official SignalR client, with every push event it received, in order. */
export interface PushClient {
  connection: HubConnection;
  received: PushMessage[];
  /** Resolves with the error (or undefined) once the connection has closed. */
  closed: Promise<Error | undefined>;
  /** Waits for the first received event of that name matching `accept`. */
  next<E extends PushEventName>(
    event: E,
    accept?: (message: Extract<PushMessage, { event: E }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<PushMessage, { event: E }>>;
}

export interface PushOptions {
  /** WebSockets unless given. */
  transport?: HttpTransportType;
  origin?: string;
  keepAliveMs?: number;
  /**
   * Like the web app in a browser: the cookies of the logged-in client go along, so negotiate
   * needs the anti-forgery header. Without it, the client has nothing but `accessTokenFactory`.
   */
  asBrowser?: boolean;
  statefulReconnect?: boolean;
  /** Reconnect after a lost connection (negotiating anew) with these delays, like the web app. */
  reconnectDelaysMs?: number[];
}

/** Connects with the official client, negotiate first, the access token from the logged-in client. */
export async function connectPush(client: TestClient, options: PushOptions = {}): Promise<PushClient> {
  const xsrf = client.cookie('XSRF-TOKEN') ?? '';
  const builder = new HubConnectionBuilder()
    .withUrl(client.baseUrl + PUSH_PATH, {
      accessTokenFactory: () => client.accessToken ?? '',
      transport: options.transport ?? HttpTransportType.WebSockets,
      headers: {
        ...(options.asBrowser ? { 'X-XSRF-TOKEN': xsrf, Cookie: `XSRF-TOKEN=${xsrf}` } : {}),
        ...(options.origin ? { Origin: options.origin } : {}),
      },
    })
    .configureLogging(LogLevel.None);
  if (options.statefulReconnect) {
    builder.withStatefulReconnect();
  }
  if (options.reconnectDelaysMs) {
    builder.withAutomaticReconnect(options.reconnectDelaysMs);
  }
  const connection = builder.build();
  // The test app times silent clients out quickly, so this client pings as often.
  connection.keepAliveIntervalInMilliseconds = options.keepAliveMs ?? 100;
  const received: PushMessage[] = [];
  const waiters = new Set<() => void>();
  for (const event of PUSH_EVENT_NAMES) {
    connection.on(event, (...args: unknown[]) => {
      received.push({ event, args } as PushMessage);
      waiters.forEach((wake) => wake());
    });
  }
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  await connection.start();

  return {
    connection,
    received,
    closed,
    next(event, accept = () => true, timeoutMs = 5000) {
      type Wanted = Extract<PushMessage, { event: typeof event }>;
      const find = () =>
        received.find((message): message is Wanted => message.event === event && accept(message as Wanted));
      return new Promise<Wanted>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${event} within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * A TCP hop between client and server whose network can fail: `cut` drops every connection and
 * holds new ones (as a dead link would) until `restore` lets them through.
 */
export async function startCuttableLink(target: string) {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let held: (() => void)[] | null = null;
  const server = createServer((client) => {
    const join = () => {
      const upstream = connectTcp(Number(port), hostname);
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          open.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    };
    if (held) {
      held.push(join);
    } else {
      join();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut() {
      held = [];
      open.forEach((socket) => socket.destroy());
    },
    restore() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((join) => join());
    },
    close() {
      open.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}
