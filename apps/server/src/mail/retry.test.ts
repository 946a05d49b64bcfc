import { describe, expect, it } from 'vitest';
import { HOUR_MS, failureReason, isPermanentFailure, retryDelayMs } from './retry';

describe('when a failed mail is tried again', () => {
  it('waits 30 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 20].map((attempts) => retryDelayMs(attempts))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      1_920_000,
      HOUR_MS,
      HOUR_MS,
      HOUR_MS,
    ]);
  });

  it('gives up at once only on a 5xx reply, never on a refused login or a connection problem', () => {
    expect(isPermanentFailure({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentFailure({ responseCode: 554, code: 'EMESSAGE' })).toBe(true);
    expect(isPermanentFailure({ responseCode: 451, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanentFailure({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(isPermanentFailure({ code: 'ETIMEDOUT' })).toBe(false);
    expect(isPermanentFailure(new Error('Connection closed'))).toBe(false);
  });

  it('shows the mail server reply as the reason, else the error, cut to 500 characters', () => {
    expect(failureReason({ response: '550 5.1.1 No such mailbox', message: 'Can not send' })).toBe(
      '550 5.1.1 No such mailbox',
    );
    expect(failureReason(new Error('Greeting never received'))).toBe('Greeting never received');
    expect(failureReason(new Error('x'.repeat(900)))).toHaveLength(500);
  });
});
