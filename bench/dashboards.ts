// The homes at the large size: each role's dashboard under load, next to its bare-Fastify twin
// answering the same bytes; the figure to read is each role's p99 (docs/performance.md).
import type { Benchmark, Row } from './support/benchmark';
import { login } from './support/server';
import { measureAgainstTwin } from './api';

const DEMO_ADMIN = 'admin@demo.graftmatch.example';
const COMPRESSED = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export const dashboardsBenchmark: Benchmark = {
  name: 'dashboards',
  when: 'largest',
  async run({ session, environment, options, grafts }) {
    const admin = await login(session.baseUrl, environment.dataDir, DEMO_ADMIN);
    const homes = [
      { role: 'physician', path: '/api/physician/dashboard', headers: session.physician.headers },
      { role: 'tissue bank', path: '/api/euteemployee/dashboard', headers: session.employee.headers },
      // The bank's 12-month trend, fetched beside its home (a request of its own).
      { role: 'tissue bank trend', path: '/api/euteemployee/dashboard/trend', headers: session.employee.headers },
      { role: 'admin', path: '/api/admin/dashboard', headers: admin.headers },
    ];
    const rows: Row[] = [];
    for (const home of homes) {
      const measured = await measureAgainstTwin(
        session.baseUrl,
        {
          title: `${home.role} home, ${grafts} grafts, ${options.entries} entries`,
          headers: { ...home.headers, ...COMPRESSED },
          requests: [{ method: 'GET', path: home.path }],
        },
        options,
      );
      rows.push({
        what: measured.title,
        figure: `p99 ${measured.p99} ms, p50 ${measured.p50} ms, ${measured.requestsPerSecond.toFixed(0)} req/s`,
        baseline: `p99 ${measured.twinP99} ms, ${measured.twinRequestsPerSecond.toFixed(0)} req/s`,
        ratio: measured.ratio,
      });
    }
    return rows;
  },
};
