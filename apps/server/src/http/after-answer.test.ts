import { describe, expect, it } from 'vitest';
import { createAfterAnswer } from './after-answer';

describe('work after the answer', () => {
  it('starts only after the current turn, and drain waits for it and for work it starts', async () => {
    const errors: unknown[] = [];
    const afterAnswer = createAfterAnswer({ error: (details) => errors.push(details.err) });
    const done: string[] = [];
    afterAnswer.run('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('first');
      afterAnswer.run('second', async () => {
        done.push('second');
      });
    });
    expect(done).toEqual([]);
    await afterAnswer.drain();
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual([]);
  });

  it('logs a failure and goes on', async () => {
    const errors: unknown[] = [];
    const afterAnswer = createAfterAnswer({ error: (details) => errors.push(details.err) });
    afterAnswer.run('failing', async () => {
      throw new Error('mail server away');
    });
    await afterAnswer.drain();
    expect(errors).toEqual([new Error('mail server away')]);
  });
});
