// The homes at the large size: each role's dashboard under load, next to its bare-Fastify twin
// answering the same bytes; the figure to read is each role's p99 (docs/performance.md).
import type { Benchmark, BenchSession, Row } from './support/benchmark';
import type { Scenario } from './support/autocannon';
import { login, type BenchEnvironment } from './support/server';
import { latencyRow, measureAgainstTwin } from './api';

const DEMO_ADMIN = 'admin@demo.graftmatch.example';
const COMPRESSED = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Each role's home as the web app asks for it, the bank's 12-month trend beside its home. */
export async function homeScenarios(
  session: BenchSession,
  environment: BenchEnvironment,
  size: string,
): Promise<Scenario[]> {
  const admin = await login(session.baseUrl, environment.dataDir, DEMO_ADMIN);
  return [
    { role: 'physician', path: '/api/physician/dashboard', headers: session.physician.headers },
    { role: 'tissue bank', path: '/api/euteemployee/dashboard', headers: session.employee.headers },
    // The bank's 12-month trend, fetched beside its home (a request of its own).
    { role: 'tissue bank trend', path: '/api/euteemployee/dashboard/trend', headers: session.employee.headers },
    { role: 'admin', path: '/api/admin/dashboard', headers: admin.headers },
  ].map((home) => ({
    title: `${home.role} home, ${size}`,
    headers: { ...home.headers, ...COMPRESSED },
    requests: [{ method: 'GET' as const, path: home.path }],
  }));
}

export const dashboardsBenchmark: Benchmark = {
  name: 'dashboards',
  when: 'largest',
  async run({ session, environment, options, grafts }) {
    const rows: Row[] = [];
    for (const scenario of await homeScenarios(session, environment, `${grafts} grafts, ${options.entries} entries`)) {
      rows.push(latencyRow(await measureAgainstTwin(session.baseUrl, scenario, options)));
    }
    return rows;
  },
};
