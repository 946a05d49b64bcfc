import { describe, expect, it } from 'vitest';
import {
  answerHandshake,
  encodeAck,
  encodeClose,
  encodeCompletionError,
  encodeInvocation,
  encodeSequence,
  parseClientMessage,
  RECORD_SEPARATOR,
  splitRecords,
} from './hub-protocol';

const RS = RECORD_SEPARATOR;

describe('SignalR JSON hub protocol', () => {
  it('splits a frame into its records and keeps an unfinished one for the next frame', () => {
    expect(splitRecords(`{"type":6}${RS}{"type":6}${RS}`)).toEqual({ records: ['{"type":6}', '{"type":6}'], rest: '' });
    expect(splitRecords(`{"type":6}${RS}{"ty`)).toEqual({ records: ['{"type":6}'], rest: '{"ty' });
  });

  it('accepts only the JSON protocol, versions 1 and 2, in the handshake', () => {
    expect(answerHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true, version: 1 });
    expect(answerHandshake('{"protocol":"json","version":2}')).toEqual({ ok: true, version: 2 });
    expect(answerHandshake('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "Requested protocol 'messagepack' is not available.",
    });
    expect(answerHandshake('{"protocol":"json","version":3}')).toMatchObject({ ok: false });
    expect(answerHandshake('{"type":6}')).toMatchObject({ ok: false });
    expect(answerHandshake('not json')).toMatchObject({ ok: false });
  });

  it('reads invocations with and without an id, pings and closes; anything malformed is a protocol error', () => {
    expect(parseClientMessage('{"type":1,"invocationId":"3","target":"Send","arguments":[]}')).toEqual({
      type: 1,
      invocationId: '3',
      target: 'Send',
    });
    expect(parseClientMessage('{"type":1,"target":"Fire","arguments":[]}')).toEqual({
      type: 1,
      invocationId: null,
      target: 'Fire',
    });
    expect(parseClientMessage('{"type":4,"invocationId":"4","target":"Stream","arguments":[]}')).toEqual({
      type: 4,
      invocationId: '4',
      target: 'Stream',
    });
    expect(parseClientMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseClientMessage('{"type":7}')).toEqual({ type: 7 });
    expect(parseClientMessage('{"type":5,"invocationId":"3"}')).toEqual({ type: 'other', sequenced: true });
    expect(parseClientMessage('{"type":99}')).toEqual({ type: 'other', sequenced: false });
    expect(parseClientMessage('{"type":8,"sequenceId":4}')).toEqual({ type: 8, sequenceId: 4 });
    expect(parseClientMessage('{"type":9,"sequenceId":1}')).toEqual({ type: 9, sequenceId: 1 });
    expect(parseClientMessage('{"type":8,"sequenceId":"4"}')).toBeNull();
    expect(parseClientMessage('{"type":1,"invocationId":3,"target":"Send"}')).toBeNull();
    expect(parseClientMessage('{"type":1}')).toBeNull();
    expect(parseClientMessage('[1]')).toBeNull();
    expect(parseClientMessage('{')).toBeNull();
  });

  it('writes invocations, completion errors, close, ack and sequence messages, each ending with the record separator', () => {
    expect(encodeAck(3)).toBe(`{"type":8,"sequenceId":3}${RS}`);
    expect(encodeSequence(4)).toBe(`{"type":9,"sequenceId":4}${RS}`);
    expect(encodeInvocation('testR', ['hello'])).toBe(`{"type":1,"target":"testR","arguments":["hello"]}${RS}`);
    expect(encodeCompletionError('3', 'nope')).toBe(`{"type":3,"invocationId":"3","error":"nope"}${RS}`);
    expect(encodeClose({ allowReconnect: false })).toBe(`{"type":7,"allowReconnect":false}${RS}`);
    expect(encodeClose({ error: 'bye', allowReconnect: true })).toBe(
      `{"type":7,"error":"bye","allowReconnect":true}${RS}`,
    );
  });
});
