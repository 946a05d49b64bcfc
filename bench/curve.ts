// The cost as the work grows (docs/performance.md "Growth"): at each size of `--grafts`
// (`--grafts 10000,100000,1000000`) the search and the physician's waiting list as the web app asks
// for them, every role's home, the server's resident memory at its peak meanwhile and after a full
// collection, and one `graftmatch import` of the nightly sync's 10,000 new rows beside the server.
// Each load stands next to its bare-Fastify twin answering the same bytes in the same run.
import { FIRST_PAGE, latencyRow, measureAgainstTwin, searchScenario, SEARCH_QUERIES } from './api';
import { homeScenarios } from './dashboards';
import { commandImportRow } from './import';
import type { Benchmark, Row } from './support/benchmark';
import { MIB, peakDuring, rssBytes } from './support/memory';

const NIGHTLY_ROWS = 10_000;
const COMPRESSED = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export const curveBenchmark: Benchmark = {
  name: 'curve',
  when: 'largest',
  async run({ session, environment, options, grafts }) {
    const pid = session.pid;
    if (pid === undefined) {
      throw new Error('the growth curve needs the server’s process id');
    }
    const size = `${grafts} grafts`;
    const scenarios = [
      searchScenario(
        `curve: search, ${SEARCH_QUERIES} distinct queries, first page, ${size}`,
        session.physician.headers,
      ),
      {
        title: `curve: physician waiting list with fit counts, first page, ${size}`,
        headers: { ...session.physician.headers, ...COMPRESSED },
        requests: [{ method: 'GET' as const, path: `/api/physician/waitinglist${FIRST_PAGE}` }],
      },
      ...(await homeScenarios(session, environment, size)).map((scenario) => ({
        ...scenario,
        title: `curve: ${scenario.title}`,
      })),
    ];
    await session.collectGarbage?.();
    const { result: rows, peakBytes } = await peakDuring(pid, async () => {
      const measured: Row[] = [];
      for (const scenario of scenarios) {
        measured.push(latencyRow(await measureAgainstTwin(session.baseUrl, scenario, options)));
      }
      return measured;
    });
    await session.collectGarbage?.();
    rows.push({
      what: `curve: server resident memory, peak during the loads above, ${size}`,
      figure: `${Math.round(peakBytes / MIB)} MiB peak, ${Math.round(rssBytes(pid) / MIB)} MiB after a full collection`,
    });
    rows.push({
      ...(await commandImportRow(environment, NIGHTLY_ROWS, options.entries, `BENCH-CURVE-${grafts}`)),
      what: `curve: \`graftmatch import\` of ${NIGHTLY_ROWS} new rows beside the server, process start included, ${size}`,
    });
    return rows;
  },
};
