import type { HubConnection } from './hub-connection';
import { reaches } from './push-audience';
import type { PushBus } from './push-bus';

/** This instance's open connections, and the fan-out of the bus's events to those they reach. */
export interface PushHub {
  add(connection: HubConnection): void;
  remove(connection: HubConnection): void;
  /** For shutdown: every client is told to reconnect (to another instance), then the sockets close. */
  closeAll(): Promise<void>;
}

export function createPushHub(bus: PushBus): PushHub {
  const connections = new Set<HubConnection>();
  let shuttingDown = false;
  const unsubscribe = bus.subscribe((envelope) => {
    for (const connection of connections) {
      if (reaches(envelope.audience, connection.principal)) {
        connection.send(envelope.message);
      }
    }
  });
  return {
    add(connection) {
      connections.add(connection);
      if (shuttingDown) {
        void connection.close({ error: 'The server is shutting down.', allowReconnect: true });
      }
    },
    remove: (connection) => connections.delete(connection),
    async closeAll() {
      shuttingDown = true;
      unsubscribe();
      await Promise.all(
        [...connections].map((connection) =>
          connection.close({ error: 'The server is shutting down.', allowReconnect: true }),
        ),
      );
    },
  };
}
