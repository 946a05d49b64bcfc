import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../http/problem';
import type { StorageGuard } from '../storage/storage-guard';

/**
 * Every API call but liveness is refused with 503 once the data folder is gone or replaced, so no
 * write is acknowledged into a deleted file; readiness says so too (docs/operations.md, "Health").
 */
export function registerStorageGuard(app: FastifyInstance, guard: StorageGuard) {
  // A callback hook: every request passes it, and an async one costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    // The guard first: it answers from memory, and the route is looked at only when it refuses.
    const problem = guard.problem();
    const refused = problem !== null && request.url.startsWith('/api/') && request.routeOptions.url !== '/api/health';
    done(refused ? serviceUnavailable(problem) : undefined);
  });
}
