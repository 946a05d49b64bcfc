import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { basicAuth, createTestUser, pinOf, readOutbox, waitForOutboxMail } from '../../../test/support/auth';
import { TestClient } from '../../../test/support/client';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';

const PASSWORD = 'a long and private passphrase';

describe(`login protection: lockout, PIN limits, inactive and unknown accounts (${testEngineName()})`, () => {
  let server: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    server = await startTestApp({ deps: { now: clock.now } });
    browser = new TestClient(server.baseUrl);
  });
  afterAll(() => server.close());

  // A browser-like client: its first GET picks up the anti-forgery cookie the POSTs echo.
  let browser: TestClient;
  const login = (email: string, password: string) =>
    browser.get('/api/auth/login', { headers: { authorization: basicAuth(email, password) } });

  async function startLogin(email: string) {
    const since = (await readOutbox(server)).length;
    const answer = await login(email, PASSWORD);
    expect(answer.status).toBe(200);
    const schema = (await answer.json()) as { twoFactor_Token: string; twoFactorId: string };
    return { ...schema, pin: pinOf(await waitForOutboxMail(server, email, since)) };
  }

  const sendPin = (twoFactorToken: string, twoFactorId: string, pin: string) =>
    browser.post(
      '/api/auth/twofactor',
      { passwordid: twoFactorId, password: pin },
      {
        headers: { authorization: `Bearer ${twoFactorToken}` },
      },
    );

  const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

  it('First ten wrong passwords count passwordAttempts down and lock the account, then after 15 minutes it opens again', async () => {
    const { id, email } = await createTestUser(server, { password: PASSWORD });
    const left: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await login(email, `wrong password ${attempt}`);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      left.push(((await answer.json()) as { passwordAttempts: number }).passwordAttempts);
    }
    expect(left).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);

    const whileLocked = await login(email, PASSWORD);
    expect(whileLocked.status).toBe(401);
    expect(await whileLocked.json()).toMatchObject({
      passwordAttempts: 0,
      detail: expect.stringContaining('locked for 15 minutes'),
    });

    clock.advanceMinutes(14);
    expect((await login(email, PASSWORD)).status).toBe(401);
    clock.advanceMinutes(2);
    expect((await login(email, PASSWORD)).status).toBe(200);

    const actions = await server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorUserId', '=', id)
      .execute();
    // Ten counted wrong passwords, then two refused while locked.
    expect(actions.filter((row) => row.action === 'auth.login.failure')).toHaveLength(12);
    expect(actions.filter((row) => row.action === 'auth.lockout')).toHaveLength(1);
  });

  it('answers an unknown address exactly like a wrong password of a known one, counting down too', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD });
    const known = await login(email, 'not the password');
    const unknown = await login('nobody-here@clinic.example', 'not the password');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(
      ((await (await login('nobody-here@clinic.example', 'x')).json()) as { passwordAttempts: number })
        .passwordAttempts,
    ).toBe(8);
  });

  it('locks an unknown address after ten failures like an account, counts afresh once the lock passed, and keeps no address', async () => {
    const email = 'nobody-locked@clinic.example';
    const attemptsLeft = async () =>
      ((await (await login(email, 'wrong')).json()) as { passwordAttempts: number }).passwordAttempts;
    const counted = await Promise.all(Array.from({ length: 10 }, () => attemptsLeft()));
    expect(counted.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    clock.advanceMinutes(14);
    const locked = await login(email, 'wrong');
    expect(((await locked.json()) as { detail: string }).detail).toMatch(/locked for 15 minutes/);
    clock.advanceMinutes(2);
    expect(await attemptsLeft()).toBe(9);
    expect(await attemptsLeft()).toBe(8);
    // A day without failures forgets the address.
    clock.advanceDays(2);
    expect(await attemptsLeft()).toBe(9);
    const keys = await server.database.db.selectFrom('unknownLoginAttempts').select('addressKey').execute();
    expect(keys.some((row) => row.addressKey.includes('nobody'))).toBe(false);
  });

  it('refuses an inactive user even with the right password, and mails no PIN', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD, active: false });
    const before = (await readOutbox(server)).length;
    const answer = await login(email, PASSWORD);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect((await readOutbox(server)).length).toBe(before);
  });

  it('First four wrong PINs count down, the fifth voids the PIN so even the right one fails, then a reset mails a fresh PIN that works', async () => {
    const { id, email } = await createTestUser(server, { password: PASSWORD });
    const attempt = await startLogin(email);
    for (let tries = 1; tries <= 5; tries++) {
      const answer = await sendPin(attempt.twoFactor_Token, attempt.twoFactorId, wrongPin(attempt.pin));
      expect(answer.status).toBe(401);
      const body = (await answer.json()) as { detail: string; passwordAttempts: number };
      expect(body.detail).toContain(`${5 - tries} tries left for this PIN`);
    }
    const voided = await sendPin(attempt.twoFactor_Token, attempt.twoFactorId, attempt.pin);
    expect(voided.status).toBe(401);
    expect(((await voided.json()) as { detail: string }).detail).toContain('no longer valid');

    const since = (await readOutbox(server)).length;
    const reset = await browser.get('/api/auth/twofactorreset', {
      headers: { authorization: `Bearer ${attempt.twoFactor_Token}` },
    });
    expect(reset.status).toBe(200);
    const renewed = (await reset.json()) as { twoFactor_Token: string; twoFactorId: string };
    expect(renewed.twoFactorId).toBe(attempt.twoFactorId);
    const freshPin = pinOf(await waitForOutboxMail(server, email, since));
    const success = await sendPin(renewed.twoFactor_Token, renewed.twoFactorId, freshPin);
    expect(success.status).toBe(200);

    const actions = await server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorUserId', '=', id)
      .execute();
    expect(actions.filter((row) => row.action === 'auth.twofactor.failure')).toHaveLength(5);
  });

  it('lets ten parallel guesses compare at most five PINs', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD });
    const attempt = await startLogin(email);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => sendPin(attempt.twoFactor_Token, attempt.twoFactorId, wrongPin(attempt.pin))),
    );
    const details = await Promise.all(
      guesses.map(async (answer) => ((await answer.json()) as { detail: string }).detail),
    );
    expect(guesses.every((answer) => answer.status === 401)).toBe(true);
    expect(details.filter((detail) => detail.startsWith('Wrong PIN'))).toHaveLength(5);
    expect((await sendPin(attempt.twoFactor_Token, attempt.twoFactorId, attempt.pin)).status).toBe(401);
  });

  it('voids the old PIN when a reset sends a new one', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD });
    const attempt = await startLogin(email);
    const since = (await readOutbox(server)).length;
    await browser.get('/api/auth/twofactorreset', { headers: { authorization: `Bearer ${attempt.twoFactor_Token}` } });
    const freshPin = pinOf(await waitForOutboxMail(server, email, since));
    if (freshPin !== attempt.pin) {
      expect((await sendPin(attempt.twoFactor_Token, attempt.twoFactorId, attempt.pin)).status).toBe(401);
    }
    expect((await sendPin(attempt.twoFactor_Token, attempt.twoFactorId, freshPin)).status).toBe(200);
  });

  it('First a PIN is left unused for ten minutes, then it is refused; a PIN is used once only', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD });
    const late = await startLogin(email);
    clock.advanceMinutes(10);
    const expired = await sendPin(late.twoFactor_Token, late.twoFactorId, late.pin);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('content-type')).toContain('application/problem+json');

    const onTime = await startLogin(email);
    clock.advanceMinutes(9);
    expect((await sendPin(onTime.twoFactor_Token, onTime.twoFactorId, onTime.pin)).status).toBe(200);
    expect((await sendPin(onTime.twoFactor_Token, onTime.twoFactorId, onTime.pin)).status).toBe(401);
  });

  it('binds the two-factor token to its own login attempt', async () => {
    const { email } = await createTestUser(server, { password: PASSWORD });
    const first = await startLogin(email);
    const second = await startLogin(email);
    expect((await sendPin(second.twoFactor_Token, first.twoFactorId, second.pin)).status).toBe(401);
    // A newer login voids the older attempt's PIN.
    expect((await sendPin(first.twoFactor_Token, first.twoFactorId, first.pin)).status).toBe(401);
    expect((await sendPin(second.twoFactor_Token, second.twoFactorId, second.pin)).status).toBe(200);
  });
});
