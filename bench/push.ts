// Push at scale: 10,000 WebSocket and 1,000 Long Polling connections, authenticated, held by
// clients in a process of their own (bench/support/push-clients.ts), all to 127.0.0.1. Prints
// the server's RSS per 1,000 connections and the time from one testR until the last client has
// it, each against its goal (docs/performance.md, "Push").
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, Row } from './support/benchmark';
import { MIB, rssBytes } from './support/memory';
import { login } from './support/server';

const WEB_SOCKETS = Number(process.env.BENCH_PUSH_WEBSOCKETS ?? 10_000);
const LONG_POLLING = Number(process.env.BENCH_PUSH_LONG_POLLING ?? 1_000);
const ADMIN = 'admin@demo.graftmatch.example';
const GOAL_CONNECTIONS_PER_GIB = 10_000;
const GOAL_FAN_OUT_MS = 1_000;

type Reply = {
  connected?: string;
  prepared?: true;
  received?: number;
  firstAt?: number;
  lastAt?: number;
  error?: string;
};

function ask(child: ChildProcess, message: object, until: (reply: Reply) => boolean): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.error) {
        child.off('message', onMessage);
        reject(new Error(`push clients: ${reply.error}`));
      } else if (until(reply)) {
        child.off('message', onMessage);
        resolve(reply);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

export const pushBenchmark: Benchmark = {
  name: 'push',
  when: 'once',
  async run({ session, environment }) {
    if (session.pid === undefined) {
      throw new Error('push benchmark: the server process id is unknown');
    }
    const serverPid = session.pid;
    const admin = await login(session.baseUrl, environment.dataDir, ADMIN);
    const accessToken = (session.physician.headers.authorization ?? '').replace(/^Bearer /, '');
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = fork(path.join(here, 'support', 'push-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const before = rssBytes(serverPid);
      const command = { baseUrl: session.baseUrl, accessToken, webSockets: WEB_SOCKETS, longPolling: LONG_POLLING };
      const started = Date.now();
      await ask(child, { connect: command }, (reply) => reply.connected === 'webSockets');
      const withWebSockets = rssBytes(serverPid);
      console.error(`[push] ${WEB_SOCKETS} WebSockets open in ${Date.now() - started} ms`);
      await ask(child, {}, (reply) => reply.connected === 'longPolling');
      const withAll = rssBytes(serverPid);
      const total = WEB_SOCKETS + LONG_POLLING;
      console.error(`[push] ${total} connections open in ${Date.now() - started} ms`);

      await ask(child, { prepare: { total } }, (reply) => reply.prepared === true);
      const sentAt = Date.now();
      const alert = await fetch(`${session.baseUrl}/api/admin/testR`, {
        method: 'POST',
        headers: admin.headers,
        body: JSON.stringify({ message: 'bench' }),
      });
      if (alert.status !== 204) {
        throw new Error(`testR answered ${alert.status}`);
      }
      const {
        received = 0,
        firstAt = NaN,
        lastAt = NaN,
      } = await ask(child, { collect: true }, (reply) => reply.received !== undefined);
      const fanOutMs = lastAt - sentAt;

      const perThousandWs = ((withWebSockets - before) / WEB_SOCKETS) * 1000;
      const perThousandLp = ((withAll - withWebSockets) / LONG_POLLING) * 1000;
      const perGib = total / (withAll / (1024 * MIB));
      const rows: Row[] = [
        { what: 'push: server RSS per 1,000 WebSocket connections', figure: `${(perThousandWs / MIB).toFixed(1)} MiB` },
        {
          what: 'push: server RSS per 1,000 Long Polling connections',
          figure: `${(perThousandLp / MIB).toFixed(1)} MiB`,
        },
        {
          what: `push: connections per GiB of server RSS (${total} open, ${(withAll / MIB).toFixed(0)} MiB)`,
          figure: perGib.toFixed(0),
          baseline: `goal ${GOAL_CONNECTIONS_PER_GIB}`,
          ratio: perGib / GOAL_CONNECTIONS_PER_GIB,
        },
        {
          what: `push: one testR until the last of ${total} clients has it (${received} received)`,
          figure: `${fanOutMs} ms`,
          baseline: `goal ${GOAL_FAN_OUT_MS} ms`,
          ratio: fanOutMs / GOAL_FAN_OUT_MS,
        },
        // The same without the admin's request itself (authentication, audit row): the spread of the fan-out.
        { what: 'push: from the first client having it to the last', figure: `${lastAt - firstAt} ms` },
      ];
      return rows;
    } finally {
      child.send({ stop: true });
      await new Promise((resolve) => child.once('exit', resolve));
    }
  },
};
