import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection opened while closing may take to send its request before it is cut. */
const FIRST_REQUEST_WHILE_CLOSING_MS = 1_000;

/**
 * While the server closes, every answer tells its client to close the connection. Otherwise a
 * keep-alive connection whose request was in flight when closing began would stay open (Fastify
 * keeps idle connections 72 s) and hold the shutdown up; idle ones are closed by
 * `forceCloseConnections: 'idle'`. An answer whose headers went out before closing began already
 * promised keep-alive: once it has finished, its connection is idle and is closed then. A
 * connection that has not sent a request is cut when closing begins.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  // Connections that have not sent a request yet (a browser opens some ahead of need). Node counts
  // them neither idle nor done, so they would hold the close up until its header timeout (60 s).
  const unused = new Set<Socket>();
  const cutIfUnused = (socket: Socket) => {
    if (unused.has(socket)) {
      socket.destroy();
    }
  };
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
    if (closing) {
      setTimeout(cutIfUnused, FIRST_REQUEST_WHILE_CLOSING_MS, socket).unref();
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
    unused.forEach(cutIfUnused);
  });
  // Every request and answer passes these three: callback hooks, as an async one costs a promise
  // per request. A WebSocket's upgrade request passes here too.
  app.addHook('onRequest', (request, _reply, done) => {
    unused.delete(request.raw.socket);
    done();
  });
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
