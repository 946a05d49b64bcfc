import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { basicAuth, createTestUser, readOutbox } from '../../../test/support/auth';
import { testEngineName } from '../../../test/support/database';
import { argon2Passwords, type PasswordHasher } from './password';

// Counts the slow hash checks each answer costs: equal work is what makes equal time (docs/security.md).
const hashChecks = { count: 0 };
const countingPasswords: PasswordHasher = {
  hash: argon2Passwords.hash,
  verify: (hash, plain) => {
    hashChecks.count++;
    return argon2Passwords.verify(hash, plain);
  },
};

const PASSWORD = 'a long and private passphrase';

describe(`login under a burst of guesses, and equal work for every refusal (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ deps: { passwords: countingPasswords } });
  });
  afterAll(() => server.close());

  const login = (email: string, password: string) =>
    fetch(`${server.baseUrl}/api/auth/login`, { headers: { authorization: basicAuth(email, password) } });

  it('First 40 wrong passwords arrive at once: no more than ten are checked, then the right one is refused and no PIN is mailed', async () => {
    const { id, email } = await createTestUser(server, { password: PASSWORD });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => login(email, `wrong guess ${n}`)));
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    const user = await server.database.db
      .selectFrom('users')
      .select(['failedLogins', 'lockedUntil'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.failedLogins).toBe(10);
    expect(user.lockedUntil).not.toBeNull();
    const counted = await server.database.db
      .selectFrom('auditLog')
      .select('after')
      .where('actorUserId', '=', id)
      .where('action', '=', 'auth.login.failure')
      .execute();
    expect(counted.filter((row) => String(row.after).includes('failedLogins'))).toHaveLength(10);

    const mailsBefore = (await readOutbox(server)).length;
    const right = await login(email, PASSWORD);
    expect(right.status).toBe(401);
    expect(await right.json()).toMatchObject({ passwordAttempts: 0 });
    expect((await readOutbox(server)).length).toBe(mailsBefore);
  });

  it('spends one hash check on a wrong password, an unknown address and a locked account alike', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD });
    const checksOf = async (user: string, password: string) => {
      const before = hashChecks.count;
      const answer = await login(user, password);
      expect(answer.status).toBe(401);
      return hashChecks.count - before;
    };
    expect(await checksOf(email, 'wrong')).toBe(1);
    expect(await checksOf('nobody-at-all@clinic.example', 'wrong')).toBe(1);
    await server.database.db
      .updateTable('users')
      .set({ failedLogins: 10, lockedUntil: new Date(Date.now() + 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect(await checksOf(email, PASSWORD)).toBe(1);
  });
});
