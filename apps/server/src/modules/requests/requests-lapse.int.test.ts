import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { readOutbox } from '../../../test/support/auth';
import { DEMO, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { entryFor, freeGraftOfX, requestGraft, stepOk } from '../../../test/support/requests';

// The deadline rule (docs/decisions.md, "Graft requests"): a reservation lapses at its deadline by itself, even when no server ran at that
// moment, and exactly once when several instances start on the same database at the same time.

describe(`a reservation lapses across a restart, exactly once (${testEngineName()})`, () => {
  const clock = testClock();
  let app: SeededApp;
  const started: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);
  afterAll(async () => {
    for (const instance of started) {
      await instance.app.close();
      await instance.database.close();
    }
    await app?.server.close();
  });

  /** Another instance of the server on the same database and data folder, ready (its jobs have run once). */
  async function startInstance(): Promise<FastifyInstance> {
    const database = createDatabase(app.server.target);
    const instance = await buildApp({ config: app.server.config, database, webRoot: null, now: clock.now });
    started.push({ app: instance, database });
    await instance.ready();
    return instance;
  }

  test('the server is down at the deadline; two instances start after it; the reservation lapsed once and A was told once', async () => {
    const { physicianA, physicianB, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    await entryFor(physicianA, 'A-01-2020', 20);
    const request = await requestGraft(physicianB, { lot, patient_Code: 'B-04-2022' });
    const reserved = await stepOk(employeeX, 'euteemployee', request.id, 'reserve', { hours: 1 });
    expect(reserved.state).toBe('reserved');

    // The mails so far are sent while the server runs (its worker sends them); then it stops, and
    // the deadline passes while none runs.
    const mailsBefore = (await readOutbox(app.server)).length;
    await app.server.app.close();
    clock.advanceMinutes(90);

    // Two instances start at once: both look for overdue reservations, one wins.
    await Promise.all([startInstance(), startInstance()]);
    const db = app.server.database.db;
    const row = await db
      .selectFrom('graftRequests')
      .select('state')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('lapsed');
    const lapses = await db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', request.id)
      .where('action', '=', 'request.lapse')
      .execute();
    expect(lapses).toHaveLength(1);
    const alerts = (await readOutbox(app.server))
      .slice(mailsBefore)
      .filter(
        (mail) => mail.to.includes(DEMO.physicianA) && mail.subject.includes(lot) && mail.text.includes('A-01-2020'),
      );
    expect(alerts).toHaveLength(1);

    // A third start finds nothing left to lapse.
    await startInstance();
    expect(
      await db
        .selectFrom('auditLog')
        .select('id')
        .where('targetId', '=', request.id)
        .where('action', '=', 'request.lapse')
        .execute(),
    ).toHaveLength(1);
  }, 60_000);
});
