import { rmSync } from 'node:fs';
import { aWaitingListRequest } from '@graftmatch/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graftRow, startSeededApp, type SeededApp } from '../../test/support/clinical';
import type { TestClient } from '../../test/support/client';
import { testClock } from '../../test/support/clock';
import { testEngineName } from '../../test/support/database';

// A repeated GET of a cached list is answered from the bytes sent last time (plugins/answer-replay.ts).
// These tests repeat the same request and prove the replay never answers what the whole way would
// not: caches.int.test.ts covers data changes, deactivation and ended sessions on two instances.

const LIST = '/api/physician/waitinglist';

const search = { query_type: 5 as const, query_d_min: 15, query_d_max: 25, query_l_min: 10 };

async function addEntry(client: TestClient, patientCode: string): Promise<string> {
  const added = await client.post(LIST, aWaitingListRequest({ ...search, patient_Code: patientCode }));
  expect(added.status).toBe(201);
  return ((await added.json()) as { waitinglistid: string }).waitinglistid;
}

async function listOf(client: TestClient, headers: Record<string, string> = {}) {
  const answer = await client.get(LIST, { headers });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { waitinglistid: string; patient_Code: string; matchingGrafts: number }[];
}

describe(`replayed answers (${testEngineName()})`, () => {
  const clock = testClock();
  let seeded: SeededApp;

  beforeAll(async () => {
    seeded = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);

  afterAll(async () => {
    await seeded?.server.close();
  });

  it("never answers one caller's request with another caller's list", async () => {
    const { physicianA, physicianB } = seeded.clients;
    await addEntry(physicianA, 'R-01-2020');
    for (let round = 0; round < 3; round++) {
      expect((await listOf(physicianA)).map((entry) => entry.patient_Code)).toContain('R-01-2020');
      expect((await listOf(physicianB)).map((entry) => entry.patient_Code)).not.toContain('R-01-2020');
    }
  });

  it('answers each accepted encoding in its own encoding, however often they alternate', async () => {
    const physician = seeded.clients.physicianA;
    for (let round = 0; round < 2; round++) {
      for (const [accepted, sent] of [
        ['gzip', 'gzip'],
        ['identity', null],
        ['br', 'br'],
      ] as const) {
        const answer = await physician.get(LIST, { headers: { 'accept-encoding': accepted } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-encoding')).toBe(sent);
        expect(await answer.json()).toEqual(expect.any(Array));
      }
    }
  });

  it('gives every request that lacks the anti-forgery cookie a new one of its own', async () => {
    const physician = seeded.clients.physicianA;
    // A cookie, but not the anti-forgery one: the answer sets it, so that answer is for its request alone.
    const headers = { authorization: `Bearer ${physician.accessToken}`, cookie: 'theme=dark' };
    const cookies = [];
    for (let round = 0; round < 3; round++) {
      const answer = await fetch(seeded.server.baseUrl + LIST, { headers });
      expect(answer.status).toBe(200);
      cookies.push(answer.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN=')));
    }
    expect(cookies.every((cookie) => cookie !== undefined)).toBe(true);
    expect(new Set(cookies).size).toBe(3);
  });

  it('refuses with 503 once the data folder is gone, though the same list was answered just before', async () => {
    const physician = seeded.clients.physicianA;
    await listOf(physician);
    await listOf(physician);
    rmSync(seeded.server.config.dataDir, { recursive: true, force: true });
    // The guard re-checks the folder at most once a second of the app's clock.
    clock.advanceSeconds(1.1);
    expect((await physician.get(LIST)).status).toBe(503);
  });
});

describe(`replayed answers as the clock moves (${testEngineName()})`, () => {
  // Ten minutes before midnight (UTC): the access tokens of the logins below last 15 minutes.
  const start = new Date();
  start.setUTCHours(23, 50, 0, 0);
  const clock = testClock(start);
  const todayOnClock = start.toISOString().slice(0, 10);
  let seeded: SeededApp;

  beforeAll(async () => {
    seeded = await startSeededApp({ deps: { now: clock.now } });
  }, 120_000);

  afterAll(async () => {
    await seeded?.server.close();
  });

  it('counts the fitting grafts anew after midnight: a graft that expires today no longer fits tomorrow', async () => {
    const physician = seeded.clients.physicianA;
    const id = await addEntry(physician, 'M-02-2021');
    await seeded.server.database.db
      .insertInto('grafts')
      .values(graftRow(seeded.ids.euteX, { expiryDate: todayOnClock, expiryOut: todayOnClock }))
      .execute();
    const fitsOf = async () => (await listOf(physician)).find((entry) => entry.waitinglistid === id)?.matchingGrafts;
    const before = await fitsOf();
    expect(before).toBeGreaterThan(0);
    expect(await fitsOf()).toBe(before);
    clock.advanceMinutes(12);
    expect(await fitsOf()).toBe((before as number) - 1);
  });

  it('refuses the access token once it has run out, though the same list was answered with it just before', async () => {
    const employee = seeded.clients.employeeX;
    const demand = '/api/euteemployee/waitinglist';
    expect((await employee.get(demand)).status).toBe(200);
    expect((await employee.get(demand)).status).toBe(200);
    clock.advanceMinutes(16);
    const refused = await employee.get(demand);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
  });
});
