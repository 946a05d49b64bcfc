import type { WebSocket } from '@fastify/websocket';
import type { PushMessage } from '@graftmatch/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../modules/auth/principal';
import {
  answerHandshake,
  encodeClose,
  encodeCompletionError,
  encodeHandshakeAnswer,
  encodeInvocation,
  encodePing,
  MessageType,
  parseClientMessage,
  splitRecords,
} from './hub-protocol';

export interface PushTimings {
  /** The server pings this often, and re-checks the user's session at each ping. */
  keepAliveIntervalMs: number;
  /** Silence from the client after which the server drops the connection (the handshake included). */
  clientTimeoutMs: number;
  /** After the close message, how long the client has to close its side before the socket is cut. */
  closeGraceMs: number;
}

export interface HubConnectionDeps {
  socket: WebSocket;
  principal: Principal;
  timings: PushTimings;
  /** Re-reads the caller; null once the user is inactive or the session has ended. */
  recheck: () => Promise<Principal | null>;
  onClosed: (connection: HubConnection) => void;
  log: FastifyBaseLogger;
}

// A larger record from a client that only ever pings is a protocol breach, not a message to buffer.
const MAX_PENDING_CHARS = 64 * 1024;

/** One client's connection: handshake, pings both ways, silence timeout, session re-checks, events out. */
export class HubConnection {
  principal: Principal;
  private handshakeDone = false;
  private closing = false;
  private pending = '';
  private rechecking = false;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly silence: NodeJS.Timeout;
  private readonly closed: Promise<void>;

  constructor(private readonly deps: HubConnectionDeps) {
    this.principal = deps.principal;
    const { socket, timings } = deps;
    this.keepAlive = setInterval(() => this.onKeepAlive(), timings.keepAliveIntervalMs);
    const onSilence = () =>
      void this.close({
        error: 'Server timeout elapsed without receiving a message from the client.',
        allowReconnect: true,
      });
    this.silence = setTimeout(onSilence, timings.clientTimeoutMs);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('message', (data, isBinary) => this.onFrame(isBinary ? null : data.toString()));
    socket.once('close', () => {
      clearInterval(this.keepAlive);
      clearTimeout(this.silence);
      deps.onClosed(this);
    });
  }

  /** Sends an event once the handshake is done; before it, the client could not read it. */
  send(message: PushMessage): void {
    if (this.handshakeDone && !this.closing) {
      this.write(encodeInvocation(message.event, message.args));
    }
  }

  /**
   * Ends the connection with a close message (the client then stops, or reconnects when allowed),
   * and cuts the socket if the client does not close its side in time. Resolves once closed.
   */
  close(reason: { error?: string; allowReconnect: boolean }): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      if (this.handshakeDone) {
        this.write(encodeClose(reason));
      }
      this.deps.socket.close(1000);
      const cut = setTimeout(() => this.deps.socket.terminate(), this.deps.timings.closeGraceMs);
      void this.closed.then(() => clearTimeout(cut));
    }
    return this.closed;
  }

  private write(text: string): void {
    this.deps.socket.send(text, (error) => {
      if (error) {
        this.deps.log.debug({ err: error }, 'push: send failed; the socket is closing');
      }
    });
  }

  private onFrame(text: string | null): void {
    this.silence.refresh();
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
      if (this.closing) {
        return;
      }
      this.onRecord(record);
    }
  }

  private onRecord(record: string): void {
    if (!this.handshakeDone) {
      const answer = answerHandshake(record);
      this.write(encodeHandshakeAnswer(answer));
      if (answer.ok) {
        this.handshakeDone = true;
      } else {
        void this.close({ allowReconnect: false });
      }
      return;
    }
    const message = parseClientMessage(record);
    if (message === null) {
      void this.close({ error: 'Invalid message: not a SignalR JSON hub message.', allowReconnect: false });
    } else if (message.type === MessageType.Close) {
      void this.close({ allowReconnect: false });
    } else if (
      (message.type === MessageType.Invocation || message.type === MessageType.StreamInvocation) &&
      message.invocationId !== null
    ) {
      // The hub only pushes; a caller waiting for an answer gets an error instead of waiting forever.
      this.write(
        encodeCompletionError(
          message.invocationId,
          `Unknown hub method '${message.target}': this hub only sends events.`,
        ),
      );
    }
  }

  private onKeepAlive(): void {
    if (this.handshakeDone && !this.closing) {
      this.write(encodePing());
    }
    if (this.rechecking || this.closing) {
      return;
    }
    this.rechecking = true;
    this.deps
      .recheck()
      .then((principal) => {
        if (principal) {
          this.principal = principal;
        } else {
          return this.close({ error: 'The session has ended.', allowReconnect: false });
        }
      })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'push: could not re-check the session; trying again at the next ping'),
      )
      .finally(() => {
        this.rechecking = false;
      });
  }
}
