import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../../test/support/database';
import { recordAudit } from './audit.service';

describe(`audit rows (${testEngineName()})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.cleanup());

  it('commits with the change it records and rolls back with it', async () => {
    const db = test.database.db;
    await db.transaction().execute((trx) =>
      recordAudit(trx, {
        actorUserId: 'u1',
        action: 'user.update',
        targetType: 'user',
        targetId: 'u2',
        after: { active: false },
        ip: '127.0.0.1',
      }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorUserId: 'u1',
          action: 'user.deactivate',
          targetType: 'user',
          targetId: 'u2',
          ip: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.selectFrom('auditLog').selectAll().execute();
    expect(rows.map((row) => row.action)).toEqual(['user.update']);
    expect(JSON.parse(rows[0]?.after ?? 'null')).toEqual({ active: false });
    expect(rows[0]?.before).toBeNull();
  });

  it('masks secrets in a row that was dumped whole by mistake', async () => {
    const db = test.database.db;
    await recordAudit(db, {
      actorUserId: null,
      action: 'user.add',
      targetType: 'user',
      targetId: 'u3',
      before: {
        email: 'a@b.example',
        passwordHash: '$argon2id$secret',
        nested: [{ refresh_Token: 'eyJ.secret' }],
        pin: '123456',
      },
      ip: null,
    });
    const row = await db
      .selectFrom('auditLog')
      .select('before')
      .where('action', '=', 'user.add')
      .executeTakeFirstOrThrow();
    expect(row.before).not.toMatch(/argon2id|eyJ|123456/);
    expect(JSON.parse(row.before ?? '{}')).toMatchObject({ email: 'a@b.example', passwordHash: '[redacted]' });
  });
});
