import { describe, expect, expectTypeOf, it } from 'vitest';
import { isPushEventName, PUSH_EVENT_NAMES, type PushEventMap, type PushMessage } from './push-events';

describe('push events', () => {
  it('names the events a client can subscribe to', () => {
    expect(PUSH_EVENT_NAMES).toEqual([
      'testR',
      'graftsChanged',
      'waitinglistChanged',
      'matchFound',
      'requestChanged',
      'notification',
      'reminder',
      'vigilanceChanged',
    ]);
  });

  it('recognises an event name from the wire, and nothing inherited', () => {
    expect(isPushEventName('matchFound')).toBe(true);
    expect(isPushEventName('toString')).toBe(false);
    expect(isPushEventName(undefined)).toBe(false);
  });

  it('types a message by its event: the arguments must be those of that event', () => {
    expectTypeOf<Extract<PushMessage, { event: 'matchFound' }>['args']>().toEqualTypeOf<PushEventMap['matchFound']>();
    expectTypeOf<PushMessage['event']>().toEqualTypeOf<keyof PushEventMap>();
    const wellTyped: PushMessage[] = [
      { event: 'testR', args: ['Hello from the admin'] },
      { event: 'waitinglistChanged', args: [] },
      {
        event: 'matchFound',
        args: [{ waitinglistid: 'entry-1', lots: ['EL-0001'], waitinglistids: ['entry-1', 'entry-2'] }],
      },
    ];
    const misTyped: PushMessage[] = [
      // @ts-expect-error an alert carries its text, not lots
      { event: 'testR', args: [['EL-0001']] },
      // @ts-expect-error a match names its waiting-list entries
      { event: 'matchFound', args: [{ waitinglistid: 'entry-1', lots: ['EL-0001'] }] },
      // @ts-expect-error no such event
      { event: 'graftChanged', args: [['EL-0001']] },
    ];
    expect(wellTyped.length + misTyped.length).toBe(6);
  });
});
