// The API under load: search, both waiting lists, a graft's details and the demand PDF, each next to
// its bare-Fastify twin answering the same bytes in the same run (the ratio is the figure).
import { GRAFT_TYPES, SCREEN_PAGE_SIZE } from '@graftmatch/domain';
import { TYPE_PROFILES } from '../apps/server/src/demo/seed-demo-data';
import { demoRandom, mulberry32 } from '../apps/server/src/demo/seed-demo-random';
import type { Benchmark, Row } from './support/benchmark';
import { load, recordAnswers, withTwin, type LoadOptions, type LoadResult, type Scenario } from './support/autocannon';

export const SEARCH_QUERIES = 120;

/** Distinct searches a physician would make: every type, diameters and lengths inside its usual sizes. */
export function realisticSearches(count = SEARCH_QUERIES): string[] {
  const random = demoRandom(mulberry32(12));
  const bodies = new Set<string>();
  while (bodies.size < count) {
    const type = GRAFT_TYPES[bodies.size % GRAFT_TYPES.length] ?? GRAFT_TYPES[0];
    const profile = TYPE_PROFILES[type.number];
    const dMin = random.int(profile.diameter[0], profile.diameter[1] - 2);
    bodies.add(
      JSON.stringify({
        query_type: type.number,
        query_d_min: dMin,
        query_d_max: Math.min(50, dMin + random.int(2, 8)),
        query_l_min: random.int(10, profile.minLength[0]),
        query_l_l_min: type.bifurcated ? random.int(0, 12) : 0,
        query_l_r_min: type.bifurcated ? random.int(0, 12) : 0,
      }),
    );
  }
  return [...bodies];
}

export interface Measured {
  title: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  twinRequestsPerSecond: number;
  twinP99: number;
  /** The median of the rounds' ratios: each round's server load over the twin's load right after it. */
  ratio: number;
  /** Every round's ratio, in order: their spread shows how steady the machine was. */
  ratios: number[];
  /** The same against the minimal route: the body with its content type and encoding only. */
  minimalRequestsPerSecond: number;
  minimalP99: number;
  minimalRatio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Loads the scenario on the server, then the same bytes on the bare twin, `rounds` times in turn,
 * and answers the medians. On a shared two-core machine one pair of loads can land in a slow
 * moment for one side only; pairs taken in turn see the same machine (docs/performance.md).
 */
export async function measureAgainstTwin(baseUrl: string, scenario: Scenario, options: LoadOptions): Promise<Measured> {
  const answers = await recordAnswers(baseUrl, scenario);
  const rounds = await withTwin(answers, (twinUrl) =>
    withTwin(
      answers,
      async (minimalUrl) => {
        const measured: { real: LoadResult; twin: LoadResult; minimal: LoadResult }[] = [];
        for (let round = 0; round < options.rounds; round++) {
          measured.push({
            real: await load(baseUrl, scenario, options),
            twin: await load(twinUrl, scenario, options),
            minimal: await load(minimalUrl, scenario, options),
          });
        }
        return measured;
      },
      'minimal',
    ),
  );
  const failed = rounds.find(({ real, twin, minimal }) => real.failures + twin.failures + minimal.failures > 0);
  if (failed) {
    throw new Error(
      `${scenario.title}: ${failed.real.failures} failed requests (twin ${failed.twin.failures}, minimal ${failed.minimal.failures})`,
    );
  }
  const ratios = rounds.map(({ real, twin }) => real.requestsPerSecond / twin.requestsPerSecond);
  return {
    title: scenario.title,
    requestsPerSecond: median(rounds.map(({ real }) => real.requestsPerSecond)),
    p50: median(rounds.map(({ real }) => real.p50)),
    p99: median(rounds.map(({ real }) => real.p99)),
    twinRequestsPerSecond: median(rounds.map(({ twin }) => twin.requestsPerSecond)),
    twinP99: median(rounds.map(({ twin }) => twin.p99)),
    ratio: median(ratios),
    ratios,
    minimalRequestsPerSecond: median(rounds.map(({ minimal }) => minimal.requestsPerSecond)),
    minimalP99: median(rounds.map(({ minimal }) => minimal.p99)),
    minimalRatio: median(rounds.map(({ real, minimal }) => real.requestsPerSecond / minimal.requestsPerSecond)),
  };
}

/**
 * What Chromium sends with every request: answers come compressed, as the web app receives them.
 * Each scenario is measured so, and the search once more without it (a plain HTTP client).
 */
const asBrowser = (headers: Record<string, string>) => ({ ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' });

/**
 * The first page of a list or a search, as the web app asks for it (docs/decisions.md, "Waiting
 * lists and graft lists show 50 entries a page").
 */
export const FIRST_PAGE = `?limit=${SCREEN_PAGE_SIZE}&offset=0`;

/** The search of 120 distinct queries; `page` is the query string, empty for the whole answer (best 200). */
export function searchScenario(title: string, physician: Record<string, string>, page = FIRST_PAGE): Scenario {
  return {
    title,
    headers: asBrowser(physician),
    requests: realisticSearches().map((body) => ({ method: 'POST', path: `/api/physician/graftsearch${page}`, body })),
  };
}

/** Lots of free grafts, found through the search itself, for the details scenario. */
async function freeLots(baseUrl: string, physician: Record<string, string>, wanted: number): Promise<string[]> {
  const lots = new Set<string>();
  for (const body of realisticSearches()) {
    const response = await fetch(`${baseUrl}/api/physician/graftsearch`, { method: 'POST', headers: physician, body });
    for (const graft of (await response.json()) as { e_Lot: string }[]) {
      lots.add(graft.e_Lot);
    }
    if (lots.size >= wanted) {
      break;
    }
  }
  return [...lots].slice(0, wanted);
}

export async function apiScenarios(
  baseUrl: string,
  physician: Record<string, string>,
  employee: Record<string, string>,
): Promise<Scenario[]> {
  const lots = await freeLots(baseUrl, physician, 100);
  const search = searchScenario(`search, ${SEARCH_QUERIES} distinct queries, first page`, physician);
  const physicianList = 'physician waiting list with fit counts';
  const demand = 'tissue-bank demand with fit counts';
  return [
    search,
    { ...search, title: `${search.title}, uncompressed (no Accept-Encoding)`, headers: physician },
    searchScenario(`search, ${SEARCH_QUERIES} distinct queries, best 200 in one answer (no paging)`, physician, ''),
    {
      title: `${physicianList}, first page`,
      headers: asBrowser(physician),
      requests: [{ method: 'GET', path: `/api/physician/waitinglist${FIRST_PAGE}` }],
    },
    {
      title: `${physicianList}, whole list in one answer (no paging)`,
      headers: asBrowser(physician),
      requests: [{ method: 'GET', path: '/api/physician/waitinglist' }],
    },
    {
      title: `${demand}, first page`,
      headers: asBrowser(employee),
      requests: [{ method: 'GET', path: `/api/euteemployee/waitinglist${FIRST_PAGE}` }],
    },
    {
      title: `${demand}, whole list in one answer (no paging)`,
      headers: asBrowser(employee),
      requests: [{ method: 'GET', path: '/api/euteemployee/waitinglist' }],
    },
    {
      title: `graft details, ${lots.length} lots`,
      headers: asBrowser(physician),
      requests: lots.map((lot) => ({ method: 'GET', path: `/api/physician/graftsearch/${encodeURIComponent(lot)}` })),
    },
  ];
}

export function pdfScenario(employee: Record<string, string>): Scenario {
  return {
    title: 'demand PDF',
    headers: asBrowser(employee),
    requests: [{ method: 'GET', path: '/api/euteemployee/waitinglist/download' }],
  };
}

/** A load whose figure to read is its latency (homes, the quality view, the growth curve). */
export function latencyRow(measured: Measured): Row {
  return {
    what: measured.title,
    figure: `p99 ${measured.p99} ms, p50 ${measured.p50} ms, ${measured.requestsPerSecond.toFixed(0)} req/s`,
    baseline: `p99 ${measured.twinP99} ms, ${measured.twinRequestsPerSecond.toFixed(0)} req/s`,
    ratio: measured.ratio,
  };
}

function rowOf(measured: Measured): Row {
  const spread =
    measured.ratios.length > 1 ? `; ratios ${measured.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}` : '';
  return {
    what: measured.title,
    figure: `${measured.requestsPerSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms${spread}`,
    baseline: `${measured.twinRequestsPerSecond.toFixed(0)} req/s, p99 ${measured.twinP99} ms`,
    ratio: measured.ratio,
    minimal: `${measured.minimalRequestsPerSecond.toFixed(0)} req/s, p99 ${measured.minimalP99} ms`,
    minimalRatio: measured.minimalRatio,
  };
}

/** The search with the answer cache off (a second server), then every API scenario with it on. */
export const apiBenchmark: Benchmark = {
  name: 'api',
  when: 'each-size',
  async run({ session, startSession, options }) {
    const rows: Row[] = [];
    const uncached = await startSession({ ANSWER_CACHE: 'off' });
    try {
      const scenario = searchScenario(
        `search, ${SEARCH_QUERIES} queries, answer cache off`,
        uncached.physician.headers,
      );
      rows.push(rowOf(await measureAgainstTwin(uncached.baseUrl, scenario, options)));
    } finally {
      await uncached.stop();
    }
    for (const scenario of await apiScenarios(session.baseUrl, session.physician.headers, session.employee.headers)) {
      rows.push(rowOf(await measureAgainstTwin(session.baseUrl, scenario, options)));
    }
    return rows;
  },
};

/**
 * The demand PDF (every open entry), one connection: a document a user waits for, not a hot path.
 * Rendered for every download (answer cache off, as after each change), then kept while unchanged.
 */
export const pdfBenchmark: Benchmark = {
  name: 'pdf',
  when: 'largest',
  async run({ session, startSession, options }) {
    const oneUser = { ...options, connections: 1 };
    const what = `demand PDF, ${options.entries} entries, 1 connection`;
    // The uncached server first, alone: on SQLite the shared one waits meanwhile (bench/run.ts).
    const uncached = await startSession({ ANSWER_CACHE: 'off' });
    let rendered: Measured;
    try {
      rendered = await measureAgainstTwin(uncached.baseUrl, pdfScenario(uncached.employee.headers), oneUser);
    } finally {
      await uncached.stop();
    }
    const kept = await measureAgainstTwin(session.baseUrl, pdfScenario(session.employee.headers), oneUser);
    return [
      { ...rowOf(rendered), what: `${what}, rendered for each download (answer cache off)` },
      { ...rowOf(kept), what: `${what}, demand unchanged (kept)` },
    ];
  },
};
