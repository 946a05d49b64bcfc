import type { ServerResponse } from 'node:http';
import type { WebSocket } from '@fastify/websocket';
import type { HubConnection, PushTransport } from './hub-connection';

// A send on a socket that is already closing fails; the close event that follows ends the transport.
const ignoreSendError = () => undefined;

/** WebSockets: full duplex; the connection hears every text frame. */
export class WebSocketTransport implements PushTransport {
  readonly kind = 'WebSockets';

  constructor(
    private readonly socket: WebSocket,
    private readonly closeGraceMs: number,
  ) {}

  /** Feeds the socket's frames to the connection and tells it when the socket closes. */
  bind(connection: HubConnection): void {
    this.socket.on('message', (data, isBinary) => connection.receive(isBinary ? null : data.toString()));
    this.socket.once('close', () => connection.transportClosed(this));
  }

  send(text: string): void {
    this.socket.send(text, ignoreSendError);
  }

  clientWaiting(): boolean {
    return false;
  }

  end(): Promise<void> {
    const { socket } = this;
    if (socket.readyState === socket.CLOSED) {
      return Promise.resolve();
    }
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.close(1000);
    const cut = setTimeout(() => socket.terminate(), this.closeGraceMs);
    return closed.then(() => clearTimeout(cut));
  }
}

/** Server-Sent Events: one long response of `data:` events; the client sends by POST. */
export class ServerSentEventsTransport implements PushTransport {
  readonly kind = 'ServerSentEvents';

  constructor(private readonly response: ServerResponse) {}

  bind(connection: HubConnection): void {
    this.response.once('close', () => connection.transportClosed(this));
  }

  send(text: string): void {
    // JSON records never hold a line break, so each send is one event of one data line.
    if (!this.response.writableEnded) {
      this.response.write(`data: ${text}\r\n\r\n`);
    }
  }

  clientWaiting(): boolean {
    return false;
  }

  end(): Promise<void> {
    return new Promise((resolve) => {
      if (this.response.writableEnded) {
        resolve();
      } else {
        this.response.end(() => resolve());
      }
    });
  }
}

export type PollAnswer = { status: 200; body: string } | { status: 204 } | { status: 'gone' };

interface WaitingPoll {
  answer: (result: PollAnswer) => void;
  timer: NodeJS.Timeout;
}

/**
 * Long Polling: records wait here until a poll takes them; a poll with nothing to take is held
 * up to `longPollMs` and then answered empty. The client sends by POST. After `end`, the next
 * poll takes what is left and the one after it gets 204.
 */
export class LongPollingTransport implements PushTransport {
  readonly kind = 'LongPolling';
  private queued = '';
  private waiting: WaitingPoll | null = null;
  private ended = false;
  private drained: (() => void) | null = null;

  constructor(
    private readonly longPollMs: number,
    private readonly closeGraceMs: number,
  ) {}

  send(text: string): void {
    this.queued += text;
    this.answerWaiting();
  }

  clientWaiting(): boolean {
    return this.waiting !== null;
  }

  /** Answers at once when something is queued or the transport ended; else holds the poll. */
  poll(response: ServerResponse): Promise<PollAnswer> {
    // A new poll replaces one the server still holds (the client gave up on it): that one ends with 204.
    this.settle({ status: 204 });
    if (this.queued !== '' || this.ended) {
      return Promise.resolve(this.take());
    }
    return new Promise((answer) => {
      const waiting: WaitingPoll = {
        answer,
        timer: setTimeout(() => this.settle({ status: 200, body: '' }), this.longPollMs),
      };
      this.waiting = waiting;
      // The client went away: nothing is taken, so what comes next waits for its next poll.
      response.once('close', () => {
        if (this.waiting === waiting) {
          this.settle({ status: 'gone' });
        }
      });
    });
  }

  end(): Promise<void> {
    this.ended = true;
    if (this.waiting) {
      this.answerWaiting();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const cut = setTimeout(resolve, this.closeGraceMs);
      this.drained = () => {
        clearTimeout(cut);
        resolve();
      };
    });
  }

  private answerWaiting(): void {
    if (this.waiting) {
      this.settle(this.take());
    }
  }

  private take(): PollAnswer {
    if (this.queued === '') {
      return { status: 204 };
    }
    const body = this.queued;
    this.queued = '';
    if (this.ended) {
      this.drained?.();
    }
    return { status: 200, body };
  }

  private settle(result: PollAnswer): void {
    const { waiting } = this;
    if (waiting) {
      this.waiting = null;
      clearTimeout(waiting.timer);
      waiting.answer(result);
    }
  }
}
