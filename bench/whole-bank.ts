// Every route that reads a whole bank or the whole log, once each at the large size on a server
// with the answer cache off (each computes anew): its time to the last byte and the server's
// resident memory at its peak meanwhile (docs/performance.md "Whole-bank routes").
import { drain } from './export-memory';
import type { Benchmark, Row } from './support/benchmark';
import { MIB, peakDuring } from './support/memory';
import { openBenchDatabase } from './support/database';
import { DEMO_EMPLOYEE, login } from './support/server';

const DEMO_ADMIN = 'admin@demo.graftmatch.example';

export const wholeBankBenchmark: Benchmark = {
  name: 'whole-bank',
  when: 'largest',
  async run({ startSession, environment }) {
    // The benchmarks before this one (imports) may have added grafts: the figures name what is there.
    const sizes = await openBenchDatabase(environment, async (db) => {
      const ofBank = await db
        .selectFrom('grafts')
        .innerJoin('euteMembers', 'euteMembers.euteId', 'grafts.euteId')
        .innerJoin('users', 'users.id', 'euteMembers.userId')
        .where('users.email', '=', DEMO_EMPLOYEE)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const all = await db
        .selectFrom('grafts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return `the bank's ${Number(ofBank.n)} of ${Number(all.n)} grafts`;
    });
    const session = await startSession({ ANSWER_CACHE: 'off' });
    try {
      const pid = session.pid;
      if (pid === undefined) {
        throw new Error('the whole-bank benchmark needs the server’s process id');
      }
      const admin = await login(session.baseUrl, environment.dataDir, DEMO_ADMIN);
      const routes: [string, Record<string, string>][] = [
        ['/api/euteemployee/export?format=csv', session.employee.headers],
        ['/api/euteemployee/export?format=json', session.employee.headers],
        ['/api/euteemployee/export?format=xlsx', session.employee.headers],
        ['/api/fhir/R5/$export', session.employee.headers],
        ['/api/euteemployee/waitinglist/download', session.employee.headers],
        ['/api/euteemployee/outcomes?format=csv', session.employee.headers],
        ['/api/admin/outcomes', admin.headers],
        ['/api/admin/audit/verify', admin.headers],
      ];
      const rows: Row[] = [];
      for (const [route, headers] of routes) {
        await session.collectGarbage?.();
        const measured = await peakDuring(pid, async () => {
          const answer = await fetch(`${session.baseUrl}${route}`, {
            headers: { ...headers, 'accept-encoding': 'identity' },
          });
          if (answer.status !== 200) {
            throw new Error(`${route} answered ${answer.status}: ${await answer.text()}`);
          }
          return drain(answer);
        });
        rows.push({
          what: `whole bank: GET ${route}, ${sizes}`,
          figure:
            `${(measured.ms / 1000).toFixed(2)} s, ${(measured.result / 1e6).toFixed(1)} MB; ` +
            `peak RSS ${Math.round(measured.peakBytes / MIB)} MiB (+${Math.round((measured.peakBytes - measured.baseBytes) / MIB)} MiB)`,
        });
      }
      return rows;
    } finally {
      await session.stop();
    }
  },
};
