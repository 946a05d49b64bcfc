import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../identity/principal';
import {
  answerHandshake,
  encodeAck,
  encodeClose,
  encodeCompletionError,
  encodeHandshakeAnswer,
  encodePing,
  MessageType,
  parseClientMessage,
  splitRecords,
} from './hub-protocol';
import { ReplayBuffer } from './replay-buffer';

export interface PushTimings {
  /** The server pings this often, and re-checks the user's session at each ping. */
  keepAliveIntervalMs: number;
  /** Silence from the client after which the server drops the connection (the handshake included). */
  clientTimeoutMs: number;
  /** After the close message, how long the client has to close its side before the transport is cut. */
  closeGraceMs: number;
  /** Long Polling: how long a poll is held when there is nothing to send. */
  longPollMs: number;
  /** Stateful reconnect: how long a dropped connection waits for its client to come back. */
  replayWindowMs: number;
  /** Stateful reconnect: how many characters of unacknowledged events a connection keeps for a replay. */
  replayMaxChars: number;
}

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** How records reach one client: a WebSocket, an event stream, or the polls of Long Polling. */
export interface PushTransport {
  readonly kind: TransportKind;
  /** Sends records (Long Polling: keeps them for the next poll). */
  send(text: string): void;
  /** Ends after what was sent; resolves once closed, at the latest after the close grace. */
  end(): Promise<void>;
  /**
   * Whether the client is waiting on the server right now (a held poll): Long Polling clients do
   * not ping, since each poll shows they are there.
   */
  clientWaiting(): boolean;
}

export interface PushSession {
  sessionId: string;
  userId: string;
}

/** What all connections of an instance share. */
export interface HubContext {
  timings: PushTimings;
  /** Re-reads the caller; null once the user is inactive or the session has ended. */
  recheck: (session: PushSession) => Promise<Principal | null>;
  onClosed: (connection: HubConnection) => void;
  log: FastifyBaseLogger;
}

// A larger record from a client that only ever pings is a protocol breach, not a message to buffer.
const MAX_PENDING_CHARS = 64 * 1024;

/**
 * One client's connection, whatever its transport: handshake, pings both ways, silence timeout,
 * session re-checks, events out, and (hub protocol 2, when negotiated) replay after a reconnect.
 * The hub calls `tick` at each keep-alive interval, so a connection holds no timers of its own.
 */
export class HubConnection {
  principal: Principal;
  private phase: 'handshake' | 'open' | 'closing' | 'closed' = 'handshake';
  private pending = '';
  private rechecking = false;
  private lastHeardAt = Date.now();
  /** When a stateful connection lost its transport; 0 while it has one. */
  private detachedAt = 0;
  private replay: ReplayBuffer | null = null;
  /** Sequenced messages from the client: the id the next one has, and the last one handled. */
  private nextIncomingId = 1;
  private handledIncomingId = 0;
  readonly closed: Promise<void>;
  private markClosed!: () => void;

  constructor(
    readonly id: string,
    readonly session: PushSession,
    principal: Principal,
    /** Negotiated with stateful reconnect; it takes effect with hub protocol version 2. */
    private readonly stateful: boolean,
    private transport: PushTransport | null,
    private readonly context: HubContext,
  ) {
    this.principal = principal;
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
  }

  /** The transport in use; null while a stateful connection waits for its client to reconnect. */
  get currentTransport(): PushTransport | null {
    return this.transport;
  }

  /** Whether a stateful reconnect may bring a new WebSocket to this connection. */
  canResume(): boolean {
    return this.replay !== null && this.phase === 'open';
  }

  /** Sends an encoded event once the handshake is done; before it, the client could not read it. */
  send(text: string): void {
    if (this.phase !== 'open') {
      return;
    }
    if (this.replay && !this.replay.add(text)) {
      // The client is gone too long or acknowledges too little to replay: it reconnects afresh and re-fetches.
      void this.close({ error: 'Too many unacknowledged messages to replay.', allowReconnect: true });
      return;
    }
    this.transport?.send(text);
  }

  /** The client showed it is there (a poll). */
  heard(): void {
    this.lastHeardAt = Date.now();
  }

  /** Text from the client (null for binary data, which the JSON protocol never sends). */
  receive(text: string | null): void {
    this.lastHeardAt = Date.now();
    if (this.phase === 'closing' || this.phase === 'closed') {
      return;
    }
    if (text === null) {
      void this.close({ error: 'Binary messages are not supported; use the JSON protocol.', allowReconnect: false });
      return;
    }
    const { records, rest } = splitRecords(this.pending + text);
    this.pending = rest;
    if (this.pending.length > MAX_PENDING_CHARS) {
      void this.close({ error: 'Message too large.', allowReconnect: false });
      return;
    }
    for (const record of records) {
      if (this.phase !== 'handshake' && this.phase !== 'open') {
        return;
      }
      this.onRecord(record);
    }
  }

  /**
   * A stateful reconnect brings a new transport: the client first gets the sequence id of the
   * next message, then every message it has not acknowledged. False when this connection cannot
   * resume (not stateful, or already closing).
   */
  resume(transport: PushTransport): boolean {
    if (!this.replay || !this.canResume()) {
      return false;
    }
    const previous = this.transport;
    this.transport = transport;
    this.detachedAt = 0;
    this.lastHeardAt = Date.now();
    // The server may not have noticed the drop yet; the old transport goes quietly.
    void previous?.end();
    transport.send(this.replay.replay());
    return true;
  }

  /** The transport closed under the connection: a stateful one waits for its client, any other ends. */
  transportClosed(transport: PushTransport): void {
    if (transport !== this.transport) {
      return;
    }
    this.transport = null;
    if (this.replay && this.phase === 'open') {
      this.detachedAt = Date.now();
    } else {
      this.finish();
    }
  }

  /**
   * Ends the connection with a close message (the client then stops, or reconnects when allowed),
   * or without one when the client asked to end it. Resolves once closed.
   */
  close(reason: { error?: string; allowReconnect: boolean } | null): Promise<void> {
    if (this.phase === 'closing' || this.phase === 'closed') {
      return this.closed;
    }
    const wasOpen = this.phase === 'open';
    this.phase = 'closing';
    const transport = this.transport;
    if (!transport) {
      this.finish();
      return this.closed;
    }
    if (wasOpen && reason) {
      transport.send(encodeClose(reason));
    }
    void transport.end().then(() => this.finish());
    return this.closed;
  }

  /** Pings, the silence timeout, the replay window and the session re-check; called by the hub. */
  tick(now: number, recheck: HubContext['recheck']): void {
    if (this.phase === 'closing' || this.phase === 'closed') {
      return;
    }
    if (this.detachedAt !== 0) {
      if (now - this.detachedAt > this.context.timings.replayWindowMs) {
        this.finish();
      }
      return;
    }
    if (this.transport?.clientWaiting()) {
      this.lastHeardAt = now;
    }
    if (now - this.lastHeardAt > this.context.timings.clientTimeoutMs) {
      void this.close({
        error: 'Server timeout elapsed without receiving a message from the client.',
        allowReconnect: true,
      });
      return;
    }
    if (this.phase === 'open') {
      this.transport?.send(encodePing());
    }
    this.recheck(recheck);
  }

  private finish(): void {
    if (this.phase === 'closed') {
      return;
    }
    this.phase = 'closed';
    this.transport = null;
    this.replay = null;
    this.context.onClosed(this);
    this.markClosed();
  }

  private write(text: string): void {
    this.transport?.send(text);
  }

  private onRecord(record: string): void {
    if (this.phase === 'handshake') {
      const answer = answerHandshake(record);
      this.write(encodeHandshakeAnswer(answer));
      if (!answer.ok) {
        void this.close(null);
        return;
      }
      this.phase = 'open';
      if (this.stateful && answer.version === 2) {
        this.replay = new ReplayBuffer(this.context.timings.replayMaxChars);
      }
      return;
    }
    const message = parseClientMessage(record);
    if (message === null) {
      void this.close({ error: 'Invalid message: not a SignalR JSON hub message.', allowReconnect: false });
      return;
    }
    if (message.type === MessageType.Close) {
      void this.close(null);
    } else if (message.type === MessageType.Ack) {
      this.replay?.ack(message.sequenceId);
    } else if (message.type === MessageType.Sequence) {
      this.nextIncomingId = message.sequenceId;
    } else if (message.type === MessageType.Invocation || message.type === MessageType.StreamInvocation) {
      if (this.isNewSequenced() && message.invocationId !== null) {
        // The hub only pushes; a caller waiting for an answer gets an error instead of waiting forever.
        this.write(
          encodeCompletionError(
            message.invocationId,
            `Unknown hub method '${message.target}': this hub only sends events.`,
          ),
        );
      }
    } else if (message.type === 'other' && message.sequenced) {
      this.isNewSequenced();
    }
  }

  /**
   * Counts a sequenced message from the client. Under stateful reconnect, a client resends what we
   * did not acknowledge; those already handled are skipped, new ones acknowledged.
   */
  private isNewSequenced(): boolean {
    if (!this.replay) {
      return true;
    }
    const id = this.nextIncomingId++;
    if (id <= this.handledIncomingId) {
      return false;
    }
    this.handledIncomingId = id;
    this.write(encodeAck(id));
    return true;
  }

  private recheck(recheck: HubContext['recheck']): void {
    if (this.rechecking) {
      return;
    }
    this.rechecking = true;
    recheck(this.session)
      .then((principal) => {
        if (principal) {
          this.principal = principal;
        } else {
          return this.close({ error: 'The session has ended.', allowReconnect: false });
        }
      })
      .catch((error: unknown) =>
        this.context.log.warn({ err: error }, 'push: could not re-check the session; trying again at the next ping'),
      )
      .finally(() => {
        this.rechecking = false;
      });
  }
}
