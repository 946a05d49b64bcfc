import { encodeSequence } from './hub-protocol';

/**
 * Stateful reconnect (hub protocol version 2): the invocations sent to one client and not yet
 * acknowledged, kept so that after a reconnect they can be sent again. The first message sent
 * has sequence id 1; the client acknowledges with the id of the last one it processed and drops
 * the duplicates a replay may bring.
 */
export class ReplayBuffer {
  private texts: string[] = [];
  /** The sequence id of texts[0]. */
  private firstId = 1;
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** Keeps a sent message; false once more is unacknowledged than a replay may hold. */
  add(text: string): boolean {
    this.texts.push(text);
    this.chars += text.length;
    return this.chars <= this.maxChars;
  }

  ack(sequenceId: number): void {
    const count = Math.min(sequenceId - this.firstId + 1, this.texts.length);
    if (count > 0) {
      for (const text of this.texts.splice(0, count)) {
        this.chars -= text.length;
      }
      this.firstId += count;
    }
  }

  /** What a reconnected client gets first: the sequence id of the next message, then every unacknowledged one. */
  replay(): string {
    return encodeSequence(this.firstId) + this.texts.join('');
  }
}
