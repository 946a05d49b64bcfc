import {
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type ILogger,
} from '@microsoft/signalr';
import { PUSH_KEEP_ALIVE_INTERVAL_MS, PUSH_PATH, PUSH_TIMEOUT_MS, type PushEventMap } from '@graftmatch/domain';
import { freshAccessToken } from './client';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from './xsrf';

/** `live` while connected; `offline` while it is (re)connecting after a loss or a failed start. */
export type PushStatus = 'connecting' | 'live' | 'offline';

export type PushHandlers = { [E in keyof PushEventMap]: (...args: PushEventMap[E]) => void } & {
  /**
   * A reconnect that could not replay (a new connection after the stateful one was lost): events
   * sent meanwhile are lost, so the caller re-fetches what it shows. A replayed reconnect is
   * invisible here, since nothing was missed.
   */
  onReconnected: () => void;
  onStatus?: (status: PushStatus) => void;
};

// The app works without push (it only saves a reload), so connection trouble is a warning, not an error.
const logger: ILogger = {
  log(level, message) {
    if (level >= LogLevel.Warning) {
      console.warn(`[push] ${message}`);
    }
  },
};

const START_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

export interface PushConnection {
  stop: () => Promise<void>;
}

/** Connects to the hub, subscribes the handlers and keeps trying until stopped. */
export function connectPush(handlers: PushHandlers): PushConnection {
  // The negotiate step is a POST, so it carries the anti-forgery header like every other one.
  const xsrf = readCookie(XSRF_COOKIE);
  const connection: HubConnection = new HubConnectionBuilder()
    // Absolute, so the client never has to guess the page's origin.
    .withUrl(new URL(PUSH_PATH, window.location.href).href, {
      accessTokenFactory: freshAccessToken,
      headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
    })
    .withAutomaticReconnect()
    // A short drop is bridged on the same connection, with what was sent meanwhile replayed.
    .withStatefulReconnect()
    .configureLogging(logger)
    .build();
  connection.keepAliveIntervalInMilliseconds = PUSH_KEEP_ALIVE_INTERVAL_MS;
  connection.serverTimeoutInMilliseconds = PUSH_TIMEOUT_MS;
  connection.on('testR', handlers.testR);
  connection.on('graftsChanged', handlers.graftsChanged);
  connection.on('waitinglistChanged', handlers.waitinglistChanged);
  connection.on('matchFound', handlers.matchFound);
  connection.on('requestChanged', handlers.requestChanged);
  connection.on('notification', handlers.notification);
  connection.on('reminder', handlers.reminder);
  connection.on('vigilanceChanged', handlers.vigilanceChanged);
  const status = (value: PushStatus) => handlers.onStatus?.(value);
  connection.onreconnecting(() => status('offline'));
  connection.onreconnected(() => {
    status('live');
    handlers.onReconnected();
  });
  connection.onclose(() => status('offline'));

  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Automatic reconnect only covers a connection that once started; the first start retries here.
  const start = (attempt: number) => {
    connection.start().then(
      () => status('live'),
      () => {
        if (stopped) {
          return;
        }
        status('offline');
        const delay = START_RETRY_DELAYS_MS[Math.min(attempt, START_RETRY_DELAYS_MS.length - 1)];
        retryTimer = setTimeout(() => start(attempt + 1), delay);
      },
    );
  };
  start(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      if (connection.state !== HubConnectionState.Disconnected) {
        await connection.stop();
      }
    },
  };
}
