import type { FastifyBaseLogger } from 'fastify';
import type { PushEnvelope } from './push-audience';

/** Carried by the bus between instances (push-relay.ts): what a Server-Sent Events or Long Polling client's POST or DELETE asks of its connection. */
export type RelayedAction = { send: string } | { end: true };

export interface RelayMessage {
  connectionId: string;
  action: RelayedAction;
}

/** What services get: publish an event after their transaction committed. Never throws. */
export interface PushPublisher {
  publish(envelope: PushEnvelope): void;
}

/** Carries events from publishers to this instance's hub (and, on PostgreSQL, to every instance's). */
export interface PushBus extends PushPublisher {
  subscribe(listener: (envelope: PushEnvelope) => void): () => void;
  close(): Promise<void>;
  /** Across instances only: passes a client's request on to the other instances; false when too large. */
  relay?: (message: RelayMessage) => Promise<boolean>;
  /** Across instances only: hears what other instances pass on. */
  onRelay?: (listener: (message: RelayMessage) => void) => void;
}

/** The in-process bus: the whole bus on SQLite (one instance), and the local half of the PostgreSQL one. */
export function createLocalBus(log: FastifyBaseLogger): PushBus & { deliver(envelope: PushEnvelope): void } {
  const listeners = new Set<(envelope: PushEnvelope) => void>();
  const deliver = (envelope: PushEnvelope) => {
    for (const listener of listeners) {
      try {
        listener(envelope);
      } catch (error) {
        // Push is best effort: one failing listener must neither stop the others nor fail the write that published.
        log.error({ err: error, event: envelope.message.event }, 'push listener failed');
      }
    }
  };
  return {
    deliver,
    publish: deliver,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
