import { freePort } from '../../apps/server/test/support/process';
import type { BenchSession } from './benchmark';
import { collectGarbage } from './memory';
import { DEMO_EMPLOYEE, DEMO_PHYSICIAN, login, startServer, type BenchEnvironment } from './server';

/** A server on `environment` with its inspector open, and the demo physician and employee logged in. */
export async function startSession(environment: BenchEnvironment, extraEnv: Record<string, string> = {}) {
  const inspectorPort = await freePort();
  const server = await startServer(environment, extraEnv, inspectorPort);
  const session: BenchSession = {
    baseUrl: server.baseUrl,
    physician: await login(server.baseUrl, environment.dataDir, DEMO_PHYSICIAN),
    employee: await login(server.baseUrl, environment.dataDir, DEMO_EMPLOYEE),
    pid: server.process.pid,
    collectGarbage: () => collectGarbage(inspectorPort),
    stop: () => server.stop(),
  };
  return session;
}
