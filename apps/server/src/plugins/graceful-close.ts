import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, every answer tells its client to close the connection. Otherwise a
 * keep-alive connection whose request was in flight when closing began would stay open (Fastify
 * keeps idle connections 72 s) and hold the shutdown up; idle ones are closed by
 * `forceCloseConnections: 'idle'`.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) {
      reply.header('Connection', 'close');
    }
  });
}
