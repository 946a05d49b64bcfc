import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngineName } from '../support/database';
import { pollUntil } from '../support/mail';
import { createFaultStorage, type FaultStorage } from './engine';
import { loginAdmin, sleep, startFaultServer, writeContinuously, type Admin } from './fault-server';

// Each round starts a real server process; three rounds keep the suite lean on a busy CI machine.
const ROUNDS = 3;

describe(`fault: SIGKILL during concurrent writes, ${ROUNDS} rounds (${testEngineName()})`, () => {
  let storage: FaultStorage;
  beforeAll(async () => {
    storage = await createFaultStorage();
  });
  afterAll(async () => {
    await storage?.dispose();
  });

  it('keeps every acknowledged write and a clean database after each kill', { timeout: 150_000 }, async () => {
    const acknowledged: string[] = [];
    let admin: Admin | undefined;
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startFaultServer(storage.env);
      // A session survives the kill: it lives in the database, so one login serves every round.
      admin ??= await loginAdmin(server.baseUrl, storage.dataDir);
      const writes = writeContinuously(server.baseUrl, admin, `kill${round}`);
      // Killed while writes are flowing: after the first acknowledged one (a crowded machine may
      // take a while to answer it), then a little later in each round.
      await pollUntil(
        async () => writes.acknowledged.length,
        (count) => count > 0,
        { timeoutMs: 20_000, everyMs: 25 },
      );
      await sleep(150 + round * 150);
      await server.kill('SIGKILL');
      await writes.stop();
      expect(writes.acknowledged.length, `round ${round} acknowledged writes`).toBeGreaterThan(0);
      acknowledged.push(...writes.acknowledged);
      const { names, integrity } = await storage.inspect();
      expect(integrity).toBe('ok');
      expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    }
  });
});
