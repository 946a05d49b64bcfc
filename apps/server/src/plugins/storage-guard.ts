import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../http/problem';
import type { StorageGuard } from '../storage-guard';

/**
 * Every API call but liveness is refused with 503 once the data folder is gone or replaced, so no
 * write is acknowledged into a deleted file; readiness says so too (docs/operations.md, "Health").
 */
export function registerStorageGuard(app: FastifyInstance, guard: StorageGuard) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.url === '/api/health') {
      return;
    }
    const problem = guard.problem();
    if (problem !== null) {
      throw serviceUnavailable(problem);
    }
  });
}
