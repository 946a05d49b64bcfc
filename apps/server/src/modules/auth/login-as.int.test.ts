import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { loginAs, seedDemoInto } from '../../../test/support/auth';
import { testEngineName } from '../../../test/support/database';

describe(`loginAs, the helper other modules' tests log in with (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
    await seedDemoInto(server);
  });
  afterAll(() => server.close());

  it('First a demo physician and a demo employee log in through the real flow, then each reads their own areas', async () => {
    const [physician, employee] = await Promise.all([
      loginAs(server, 'dr.berg@demo.graftmatch.example'),
      loginAs(server, 'bank.north@demo.graftmatch.example'),
    ]);
    const berg = (await (await physician.get('/api/users/getmyuser')).json()) as {
      clinics: unknown[];
      eutes: unknown[];
    };
    expect(berg.clinics).toHaveLength(1);
    expect(berg.eutes).toHaveLength(0);
    const north = (await (await employee.get('/api/users/getmyuser')).json()) as {
      clinics: unknown[];
      eutes: unknown[];
    };
    expect(north.eutes).toHaveLength(1);
    expect(physician.cookie('refresh')).toBeDefined();
    expect(physician.cookie('XSRF-TOKEN')).toBeDefined();
  });
});
