import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulClose } from './graceful-close';

// A bare Fastify with the app's close options (forceCloseConnections: 'idle', see app.ts): the
// race needs a route whose answer the test holds open, which the app itself has no reason to offer.

describe('graceful close', () => {
  it('closes a keep-alive connection whose answer finishes after closing began, instead of waiting for its idle timeout', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    registerGracefulClose(app);
    const body = new PassThrough();
    app.get('/held', (_request, reply) => reply.type('text/plain').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    body.write('first half, ');
    // Headers went out before closing began, so they say keep-alive.
    const response = await fetch(`http://127.0.0.1:${port}/held`);
    expect(response.headers.get('connection')).toBe('keep-alive');
    const startedAt = Date.now();
    const closed = app.close();
    // The answer ends only once the server has stopped listening, i.e. after Node closed the idle connections.
    while (app.server.listening) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    body.end('second half');

    expect(await response.text()).toBe('first half, second half');
    await closed;
    // Without closing it, the connection would stay until Fastify's 72 s keep-alive timeout.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  }, 30_000);

  it('cuts a connection that has sent no request yet when closing begins, instead of waiting for its header timeout', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    registerGracefulClose(app);
    app.get('/ok', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // A browser opens such connections ahead of need.
    const socket = connect(port, '127.0.0.1');
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    await expect
      .poll(() => new Promise((resolve) => app.server.getConnections((_error, count) => resolve(count))))
      .toBe(1);
    // A keep-alive connection that was used stays usable until closing begins.
    expect(await (await fetch(`http://127.0.0.1:${port}/ok`)).text()).toBe('ok');

    const startedAt = Date.now();
    await app.close();
    await socketClosed;
    // Without cutting it, Node would keep it until its 60 s header timeout.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  }, 30_000);
});
