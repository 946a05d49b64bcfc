// The SignalR JSON hub protocol (aspnetcore src/SignalR/docs/specs/HubProtocol.md), as much of it
// as a server that only pushes events needs. Pure functions: no sockets, no timers.

/** Every JSON message, the handshake included, ends with the ASCII record separator. */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  /** Hub protocol version 2 (stateful reconnect): the receiver has every message up to `sequenceId`. */
  Ack: 8,
  /** Hub protocol version 2: after a reconnect, the next message sent carries `sequenceId`. */
  Sequence: 9,
} as const;

/** Invocation-like messages are counted and acknowledged under stateful reconnect; pings, acks and closes are not. */
const SEQUENCED_TYPES: ReadonlySet<number> = new Set([
  MessageType.Invocation,
  MessageType.StreamItem,
  MessageType.Completion,
  MessageType.StreamInvocation,
  MessageType.CancelInvocation,
]);

/** A message from the client, reduced to what the server acts on. */
export type ClientMessage =
  | {
      type: typeof MessageType.Invocation | typeof MessageType.StreamInvocation;
      invocationId: string | null;
      target: string;
    }
  | { type: typeof MessageType.Ping }
  | { type: typeof MessageType.Close }
  | { type: typeof MessageType.Ack | typeof MessageType.Sequence; sequenceId: number }
  /** Any other well-formed message (stream items, completions, cancels, future types): nothing to do. */
  | { type: 'other'; sequenced: boolean };

/**
 * Splits received text into complete records; a frame may hold several. What follows the last
 * separator is the start of a record still to come, kept by the caller for the next frame.
 */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

const asObject = (record: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(record);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The handshake answer to the client's first record: `{}`, or an error the client shows.
 * Version 2 adds only the stateful-reconnect messages, so both versions are served.
 */
export function answerHandshake(record: string): { ok: true; version: 1 | 2 } | { ok: false; error: string } {
  const request = asObject(record);
  if (!request || typeof request.protocol !== 'string') {
    return { ok: false, error: 'The first message must be a handshake request {"protocol":"json","version":1}.' };
  }
  if (request.protocol !== 'json') {
    return { ok: false, error: `Requested protocol '${request.protocol}' is not available.` };
  }
  if (request.version !== 1 && request.version !== 2) {
    return { ok: false, error: `Requested protocol 'json' version ${String(request.version)} is not available.` };
  }
  return { ok: true, version: request.version };
}

/** One record after the handshake, or null when it breaks the protocol (the connection then ends). */
export function parseClientMessage(record: string): ClientMessage | null {
  const message = asObject(record);
  if (!message || typeof message.type !== 'number') {
    return null;
  }
  switch (message.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { invocationId, target } = message;
      if (typeof target !== 'string' || (invocationId !== undefined && typeof invocationId !== 'string')) {
        return null;
      }
      return { type: message.type, invocationId: invocationId ?? null, target };
    }
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close:
      return { type: MessageType.Close };
    case MessageType.Ack:
    case MessageType.Sequence:
      return Number.isSafeInteger(message.sequenceId) && (message.sequenceId as number) >= 0
        ? { type: message.type, sequenceId: message.sequenceId as number }
        : null;
    default:
      return { type: 'other', sequenced: SEQUENCED_TYPES.has(message.type) };
  }
}

const encode = (message: object) => JSON.stringify(message) + RECORD_SEPARATOR;

export const encodeHandshakeAnswer = (answer: { ok: true } | { ok: false; error: string }) =>
  encode(answer.ok ? {} : { error: answer.error });

/** A non-blocking invocation of the client's handler `target` (no invocation id: no answer expected). */
export const encodeInvocation = (target: string, args: readonly unknown[]) =>
  encode({ type: MessageType.Invocation, target, arguments: args });

export const encodePing = () => encode({ type: MessageType.Ping });

/** The invocation ended with an error; the client rejects the promise of `invoke` with it. */
export const encodeCompletionError = (invocationId: string, error: string) =>
  encode({ type: MessageType.Completion, invocationId, error });

/** The server ends the connection; `allowReconnect` lets a client with automatic reconnect try again. */
export const encodeClose = (options: { error?: string; allowReconnect: boolean }) =>
  encode({
    type: MessageType.Close,
    ...(options.error ? { error: options.error } : {}),
    allowReconnect: options.allowReconnect,
  });

export const encodeAck = (sequenceId: number) => encode({ type: MessageType.Ack, sequenceId });

export const encodeSequence = (sequenceId: number) => encode({ type: MessageType.Sequence, sequenceId });
