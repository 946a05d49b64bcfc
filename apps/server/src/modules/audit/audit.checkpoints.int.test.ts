import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAuditRows } from '../../../test/support/audit';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../../test/support/database';
import { writeCheckpointIfDue, type AuditChainDeps } from './audit.checkpoints';
import { openCheckpoint, signingKeyFromSeed } from './audit.note';
import { insertCheckpoint, listCheckpoints } from './audit.repository';

describe(`audit checkpoints every N rows or every interval (${testEngineName()})`, () => {
  let test: TestDatabase;
  let clock = new Date('2026-11-26T10:00:00.000Z');
  let deps: AuditChainDeps;
  const started = clock;
  const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
  beforeAll(async () => {
    test = await createTestDatabase();
    deps = {
      db: test.database.db,
      key: signingKeyFromSeed('graftmatch.test/audit', Buffer.alloc(32, 5)),
      now: () => clock,
      checkpointRows: 5,
      checkpointMinutes: 60,
    };
  });
  afterAll(() => test.cleanup());

  it('signs the tip when N rows came since the last checkpoint or the interval passed, whichever first', async () => {
    expect(await writeCheckpointIfDue(deps, started)).toBeNull();
    await writeAuditRows(deps.db, 3);
    later(59);
    expect(await writeCheckpointIfDue(deps, started)).toBeNull();
    later(1);
    expect(await writeCheckpointIfDue(deps, started)).toBe(3);
    await writeAuditRows(deps.db, 4);
    expect(await writeCheckpointIfDue(deps, started)).toBeNull();
    await writeAuditRows(deps.db, 1);
    expect(await writeCheckpointIfDue(deps, started)).toBe(8);
    // Nothing new: no checkpoint, however long it has been.
    later(600);
    expect(await writeCheckpointIfDue(deps, started)).toBeNull();

    const stored = await listCheckpoints(deps.db);
    expect(stored.map((row) => [Number(row.size), row.at])).toEqual([
      [3, '2026-11-26T11:00:00.000Z'],
      [8, '2026-11-26T11:00:00.000Z'],
    ]);
    expect(openCheckpoint(stored[1]?.note ?? '', deps.key.publicKey)).toEqual({
      origin: 'graftmatch.test/audit',
      size: 8,
      rootHash: stored[1]?.rootHash,
    });
  });

  it('stores a checkpoint of one size once when two instances race', async () => {
    const [first] = await listCheckpoints(deps.db);
    await insertCheckpoint(deps.db, { size: 3, rootHash: first?.rootHash ?? '', at: clock.toISOString(), note: 'x' });
    expect((await listCheckpoints(deps.db)).map((row) => row.note)).not.toContain('x');
  });
});
