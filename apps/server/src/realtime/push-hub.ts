import type { Principal } from '../identity/principal';
import {
  HubConnection,
  type HubContext,
  type PushSession,
  type PushTransport,
  type TransportKind,
} from './hub-connection';
import { encodeInvocation } from './hub-protocol';
import { reaches } from './push-audience';
import type { PushBus } from './push-bus';

/** This instance's open connections by id, and the fan-out of the bus's events to those they reach. */
export interface PushHub {
  open(connection: {
    id: string;
    session: PushSession;
    principal: Principal;
    stateful: boolean;
    transport: PushTransport;
  }): HubConnection;
  get(connectionId: string): HubConnection | undefined;
  /** Connections open on this instance now (the admin's home). */
  count(): number;
  /** The distinct users with a connection open on this instance now (the test alert's answer). */
  userCount(): number;
  /** Open connections by transport now; one waiting for its client to reconnect has none (`/metrics`). */
  countByTransport(): Record<TransportKind, number>;
  /** For shutdown: every client is told to reconnect (to another instance), then the transports close. */
  closeAll(): Promise<void>;
}

export function createPushHub(bus: PushBus, context: Omit<HubContext, 'onClosed'>): PushHub {
  const connections = new Map<string, HubConnection>();
  let shuttingDown = false;
  const connectionContext: HubContext = {
    ...context,
    onClosed: (connection) => {
      if (connections.get(connection.id) === connection) {
        connections.delete(connection.id);
      }
    },
  };
  const unsubscribe = bus.subscribe((envelope) => {
    // Encoded once for all; each connection only decides whether the event is for it.
    const text = encodeInvocation(envelope.message.event, envelope.message.args);
    for (const connection of connections.values()) {
      if (reaches(envelope.audience, connection.principal)) {
        connection.send(text);
      }
    }
  });
  // One timer for all connections: pings, silence timeouts, replay windows and session re-checks.
  // A session's connections (tabs, devices behind one login) share one re-check per tick.
  const ticker = setInterval(() => {
    const now = Date.now();
    const rechecks = new Map<string, Promise<Principal | null>>();
    const recheck = (session: PushSession) => {
      let principal = rechecks.get(session.sessionId);
      if (!principal) {
        principal = context.recheck(session);
        rechecks.set(session.sessionId, principal);
      }
      return principal;
    };
    for (const connection of connections.values()) {
      connection.tick(now, recheck);
    }
  }, context.timings.keepAliveIntervalMs);

  const shutdownReason = { error: 'The server is shutting down.', allowReconnect: true };
  return {
    open({ id, session, principal, stateful, transport }) {
      const connection = new HubConnection(id, session, principal, stateful, transport, connectionContext);
      connections.set(id, connection);
      if (shuttingDown) {
        void connection.close(shutdownReason);
      }
      return connection;
    },
    get: (connectionId) => connections.get(connectionId),
    count: () => connections.size,
    userCount: () => new Set([...connections.values()].map((connection) => connection.principal.userId)).size,
    countByTransport() {
      const counts: Record<TransportKind, number> = { WebSockets: 0, ServerSentEvents: 0, LongPolling: 0 };
      for (const connection of connections.values()) {
        const transport = connection.currentTransport;
        if (transport) {
          counts[transport.kind] += 1;
        }
      }
      return counts;
    },
    async closeAll() {
      shuttingDown = true;
      unsubscribe();
      clearInterval(ticker);
      await Promise.all([...connections.values()].map((connection) => connection.close(shutdownReason)));
    },
  };
}
