import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, every answer tells its client to close the connection. Otherwise a
 * keep-alive connection whose request was in flight when closing began would stay open (Fastify
 * keeps idle connections 72 s) and hold the shutdown up; idle ones are closed by
 * `forceCloseConnections: 'idle'`. An answer whose headers went out before closing began already
 * promised keep-alive: once it has finished, its connection is idle and is closed then.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Every answer passes these two: callback hooks, as an async one costs a promise per request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) {
      reply.header('Connection', 'close');
    }
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) {
      app.server.closeIdleConnections();
    }
    done();
  });
}
