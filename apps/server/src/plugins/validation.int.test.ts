import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { loginAs, seedDemoInto } from '../../test/support/auth';
import type { TestClient } from '../../test/support/client';
import { expectProblem } from '../../test/support/clinical';
import { testEngineName } from '../../test/support/database';

describe(`JSON bodies keep their types, text on the URL is converted (${testEngineName()})`, () => {
  let server: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestApp();
    await seedDemoInto(server);
    admin = await loginAs(server, 'admin@demo.graftmatch.example');
  });
  afterAll(() => server.close());

  it('refuses an array or a number where a body field must be text, instead of converting it', async () => {
    const alert = await expectProblem(await admin.post('/api/admin/testR', { message: ['hello'] }), 400);
    expect(alert.errors).toEqual([{ field: 'message', message: 'must be string' }]);

    const users = (await (await admin.get('/api/admin/users')).json()) as { id: string; phone: string | null }[];
    const someone = users[0]!;
    const patch = await expectProblem(await admin.patch('/api/admin/user', { id: someone.id, phone: 1e300 }), 400);
    expect(patch.errors?.[0]?.field).toBe('phone');
    const after = (await (await admin.get(`/api/admin/user/${someone.id}`)).json()) as { phone: string | null };
    expect(after.phone).toBe(someone.phone);
  });

  it('says in words what a pattern expects, in the caller’s language, never the expression', async () => {
    const bank = { name: 'Pattern Bank', euteNumber: 'PB-1', email: 'not an address' };
    const english = await expectProblem(await admin.post('/api/admin/eutes/add', bank), 400);
    expect(english.errors).toEqual([{ field: 'email', message: 'must be an e-mail address such as name@example.org' }]);
    const german = await expectProblem(
      await admin.post('/api/admin/eutes/add', bank, { headers: { 'accept-language': 'de' } }),
      400,
    );
    expect(german.errors).toEqual([
      { field: 'email', message: 'muss eine E-Mail-Adresse sein, etwa name@beispiel.de' },
    ]);
    for (const problem of [english, german]) {
      expect(JSON.stringify(problem)).not.toMatch(/\^|\$"|\[\^/);
    }
  });

  it('reads numbers in the query string as numbers', async () => {
    const page = await admin.get('/api/admin/users?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBe(2);
    await expectProblem(await admin.get('/api/admin/users?limit=two'), 400);
  });
});
