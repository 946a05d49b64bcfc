import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { MetricValueWithName, Registry } from 'prom-client';

/** Upper bounds of the duration buckets in seconds: the hot reads answer in milliseconds, imports take seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route, method and status: requests counted, their durations summed and bucketed. */
interface Cell {
  count: number;
  sum: number;
  /** Per bucket, the requests that took at most its bound (not cumulative; made so at a scrape). */
  buckets: Float64Array;
}

/** One route's cells, by method (a route may take several) and status. */
interface RouteCells {
  route: string;
  byMethod: Map<string, Map<number, Cell>>;
}

type Labels = Record<string, string | number>;

/**
 * Counts requests and their durations by route pattern, method and status, for `/metrics`.
 * Each route gets its own onResponse hook that closes over its cells, so a request costs a map
 * lookup by status and a few additions: no label object, no key string (docs/operations.md,
 * "Metrics and traces"). The two series are built from the cells only when scraped. Requests that
 * match no route are not counted (their number is unbounded and says nothing about the service).
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  registry: Registry,
  options: { excluded: (url: string) => boolean },
) {
  const routes: RouteCells[] = [];

  const record = (cells: RouteCells, method: string, status: number, seconds: number) => {
    let byStatus = cells.byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      cells.byMethod.set(method, byStatus);
    }
    let cell = byStatus.get(status);
    if (!cell) {
      cell = { count: 0, sum: 0, buckets: new Float64Array(DURATION_BUCKETS.length) };
      byStatus.set(status, cell);
    }
    cell.count += 1;
    cell.sum += seconds;
    for (let index = 0; index < DURATION_BUCKETS.length; index += 1) {
      if (seconds <= (DURATION_BUCKETS[index] as number)) {
        (cell.buckets[index] as number) += 1;
        break;
      }
    }
  };

  app.addHook('onRoute', (route) => {
    if (options.excluded(route.url)) {
      return;
    }
    const cells: RouteCells = { route: route.url, byMethod: new Map() };
    routes.push(cells);
    const hook: onResponseHookHandler = (request: FastifyRequest, reply: FastifyReply, done) => {
      record(cells, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    const own =
      route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
    route.onResponse = [...own, hook];
  });

  const each = (visit: (labels: Labels, cell: Cell) => void) => {
    for (const cells of routes) {
      for (const [method, byStatus] of cells.byMethod) {
        for (const [status, cell] of byStatus) {
          visit({ method, route: cells.route, status }, cell);
        }
      }
    }
  };

  registry.registerMetric(
    scraped(
      'graftmatch_http_requests_total',
      'HTTP requests answered, by route pattern, method and status.',
      'counter',
      () => {
        const values: MetricValueWithName<string>[] = [];
        each((labels, cell) => values.push({ labels, value: cell.count }));
        return values;
      },
    ),
  );
  registry.registerMetric(
    scraped(
      'graftmatch_http_request_duration_seconds',
      'Time from the request to the end of the answer, by route pattern, method and status.',
      'histogram',
      () => {
        const name = 'graftmatch_http_request_duration_seconds';
        const values: MetricValueWithName<string>[] = [];
        each((labels, cell) => {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((bound, index) => {
            cumulative += cell.buckets[index] as number;
            values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
          });
          values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: cell.count });
          values.push({ metricName: `${name}_sum`, labels, value: cell.sum });
          values.push({ metricName: `${name}_count`, labels, value: cell.count });
        });
        return values;
      },
    ),
  );
}

/**
 * A metric whose samples are made at the scrape from state kept elsewhere; the registry asks only
 * `get()` of it (and `reset()`, which keeps nothing to reset here).
 */
function scraped(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  values: () => MetricValueWithName<string>[],
) {
  return {
    name,
    help,
    type,
    get: async () => ({ name, help, type, values: values(), aggregator: 'sum' }),
    reset: () => undefined,
  } as unknown as Parameters<Registry['registerMetric']>[0];
}
