import { ProblemError, notFound } from '../http/problem';
import type { PushBus, RelayedAction } from './push-bus';
import type { PushHub } from './push-hub';

/**
 * Behind a load balancer, a client's POST or DELETE may reach another instance than the one
 * holding its connection (where its poll or event stream is). That instance passes it on over
 * the bus; the holder acts on it. On SQLite there is one instance, so there is no holder elsewhere.
 */
export interface ConnectionRelay {
  forward(connectionId: string, action: RelayedAction): Promise<void>;
}

export function createConnectionRelay(bus: PushBus, hub: PushHub): ConnectionRelay {
  bus.onRelay?.(({ connectionId, action }) => {
    const connection = hub.get(connectionId);
    if (connection && 'send' in action) {
      connection.receive(action.send);
    } else if (connection) {
      void connection.close(null);
    }
  });
  return {
    async forward(connectionId, action) {
      if (!bus.relay) {
        throw notFound({ key: 'problem.push.noConnection' });
      }
      if (!(await bus.relay({ connectionId, action }))) {
        throw new ProblemError(413, 'Payload Too Large', { key: 'problem.push.relayTooLarge' });
      }
    },
  };
}
