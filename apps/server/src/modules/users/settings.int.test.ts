import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs } from '../../../test/support/auth';
import { DEMO, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';

// The caller's own settings (docs/api.md, `GET/PATCH /api/users/settings`): a dismissed hint is kept with the account, so
// it stays away on another device and after the next login; each user changes only their own.
describe(`a user's own settings (${testEngineName()})`, () => {
  let app: SeededApp;

  beforeAll(async () => {
    app = await startSeededApp();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  test('a dismissed hint holds in a second session of the same user and not for another user', async () => {
    const { physicianA, physicianB } = app.clients;
    expect(await (await physicianA.get('/api/users/settings')).json()).toMatchObject({ dismissedHints: [] });

    const dismissed = await physicianA.patch('/api/users/settings', { dismissedHints: ['clinicHowItWorks'] });
    expect(dismissed.status).toBe(200);
    // A partial change leaves the other setting as it was.
    expect(await dismissed.json()).toEqual({ matchMails: true, dismissedHints: ['clinicHowItWorks'] });

    const otherDevice = await loginAs(app.server, DEMO.physicianA);
    expect(await (await otherDevice.get('/api/users/settings')).json()).toEqual({
      matchMails: true,
      dismissedHints: ['clinicHowItWorks'],
    });
    expect(await (await physicianB.get('/api/users/settings')).json()).toMatchObject({ dismissedHints: [] });

    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('action', '=', 'user.settings.update')
      .where('actorUserId', '=', app.ids.users.physicianA)
      .execute();
    expect(audit).toEqual([
      {
        before: '{"matchMails":true,"dismissedHints":[]}',
        after: '{"matchMails":true,"dismissedHints":["clinicHowItWorks"]}',
      },
    ]);
  });

  test('an unknown hint, a repeated one or a list that is not one is refused with 400', async () => {
    const { physicianB } = app.clients;
    for (const dismissedHints of [['noSuchHint'], ['clinicHowItWorks', 'clinicHowItWorks'], 'clinicHowItWorks']) {
      await expectProblem(await physicianB.patch('/api/users/settings', { dismissedHints }), 400);
    }
    expect(await (await physicianB.get('/api/users/settings')).json()).toMatchObject({ dismissedHints: [] });
  });

  test('a name the app no longer shows is left out of the answer', async () => {
    const { employeeX } = app.clients;
    await app.server.database.db
      .updateTable('users')
      .set({ dismissedHints: '["retiredHint","clinicHowItWorks"]' })
      .where('id', '=', app.ids.users.employeeX)
      .execute();
    expect(await (await employeeX.get('/api/users/settings')).json()).toMatchObject({
      dismissedHints: ['clinicHowItWorks'],
    });
  });
});
