import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appendAuditRows } from '../../src/modules/audit/audit.repository';
import { createTestUser, loginAs, readOutbox } from '../support/auth';
import { expectProblem, startSeededApp, type SeededApp } from '../support/clinical';
import { testEngineName } from '../support/database';

interface User {
  id: string;
  lastName: string;
  admin: boolean;
  active: boolean;
  clinics: { id: string }[];
}

describe(`administration (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test('an admin adds a physician, who gets a set-password mail; the same e-mail again is a conflict', async () => {
    const { admin } = app.clients;
    const added = await admin.post('/api/admin/users/add', {
      firstName: 'Mia',
      lastName: 'Adler',
      email: 'Mia.Adler@Clinic.example',
      clinics: [{ id: app.ids.clinicA }],
    });
    expect(added.status).toBe(201);
    const user = (await added.json()) as User;
    expect(user.clinics.map((c) => c.id)).toEqual([app.ids.clinicA]);
    const mails = await readOutbox(app.server);
    expect(mails.some((mail) => mail.to.includes('mia.adler@clinic.example') && /\/recover\//.test(mail.text))).toBe(
      true,
    );
    await expectProblem(
      await admin.post('/api/admin/users/add', { firstName: 'M', lastName: 'A', email: 'mia.adler@clinic.example' }),
      409,
    );

    const list = (await (await admin.get('/api/admin/users')).json()) as User[];
    expect(list[0]?.lastName).toBe('Adler');
    const names = list.map((u) => u.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
  });

  test('an admin ends all sessions of a physician who lost a phone: the physician must log in again', async () => {
    const { admin } = app.clients;
    const lost = await createTestUser(app.server, { clinicIds: [app.ids.clinicB] });
    const physician = await loginAs(app.server, lost.email);
    expect((await physician.get('/api/users/getmyuser')).status).toBe(200);

    expect((await admin.post(`/api/admin/user/endsessions/${lost.id}`)).status).toBe(204);
    await expectProblem(await physician.get('/api/users/getmyuser'), 401);
    await expectProblem(await physician.get('/api/auth/refresh'), 401);
    await expectProblem(await admin.post(`/api/admin/user/endsessions/${crypto.randomUUID()}`), 404);

    const log = (await (await admin.get('/api/admin/auditlog?action=user.sessions.end')).json()) as {
      items: { targetId: string }[];
    };
    expect(log.items.map((item) => item.targetId)).toContain(lost.id);
  });

  test('the last active admin can neither be deactivated nor lose the flag; with a second admin it works', async () => {
    const { admin } = app.clients;
    const self = app.ids.users.admin;
    await expectProblem(await admin.get(`/api/admin/user/deactivate/${self}`), 409);
    await expectProblem(await admin.patch('/api/admin/user', { id: self, admin: false }), 409);
    expect((await admin.patch('/api/admin/user', { id: app.ids.users.auditor, admin: true })).status).toBe(200);
    const demoted = await admin.patch('/api/admin/user', { id: app.ids.users.auditor, admin: false });
    expect(((await demoted.json()) as User).admin).toBe(false);
  });

  test('a deactivated clinic is not offered, cannot be newly assigned, and its physicians lose their area', async () => {
    const { admin, physicianB } = app.clients;
    expect((await admin.get(`/api/admin/clinics/deactivate/${app.ids.clinicB}`)).status).toBe(200);
    const offered = (await (await admin.get('/api/admin/clinics?active=true')).json()) as { id: string }[];
    expect(offered.map((c) => c.id)).not.toContain(app.ids.clinicB);
    const refused = await expectProblem(
      await admin.patch('/api/admin/user', { id: app.ids.users.physicianA, clinics: [{ id: app.ids.clinicB }] }),
      400,
    );
    expect(refused.errors?.[0]?.field).toBe('clinics');
    await expectProblem(await physicianB.get('/api/physician/waitinglist'), 403);
    expect((await admin.get(`/api/admin/clinics/activate/${app.ids.clinicB}`)).status).toBe(200);
    expect((await physicianB.get('/api/physician/waitinglist')).status).toBe(200);
  });

  test('the audit log shows these changes, newest first, filtered by action and actor, paged', async () => {
    const { auditor, admin } = app.clients;
    const page = await auditor.get(
      `/api/admin/auditlog?action=clinic.deactivate&actorId=${app.ids.users.admin}&limit=1`,
    );
    const body = (await page.json()) as {
      items: { action: string; targetId: string; before: { active: boolean }; after: { active: boolean } }[];
      total: number;
      limit: number;
    };
    expect(body).toMatchObject({ total: 1, limit: 1 });
    expect(body.items[0]).toMatchObject({
      action: 'clinic.deactivate',
      targetId: app.ids.clinicB,
      before: { active: true },
      after: { active: false },
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = (await (await admin.get(`/api/admin/auditlog?from=${tomorrow}`)).json()) as { total: number };
    expect(none.total).toBe(0);
  });

  test('the audit log names each target type one way, also in rows written under an old spelling', async () => {
    const { admin, physicianA } = app.clients;
    const added = await physicianA.post('/api/physician/waitinglist', {
      query_type: 5,
      query_d_min: 20,
      query_d_max: 22,
      query_l_min: 30,
      query_l_l_min: 0,
      query_l_r_min: 0,
      patient_Code: 'E-07-2025',
      query_i_min: '2031-01-01',
      query_i_Max: '2031-03-01',
    });
    expect(added.status).toBe(201);
    // A row as the server wrote it before there was one list of target types; the chain keeps it as it is.
    await appendAuditRows(
      app.server.database.db,
      [
        {
          id: randomUUID(),
          at: new Date().toISOString(),
          actorUserId: app.ids.users.physicianA,
          action: 'waitinglist.remove',
          targetType: 'waitinglist',
          targetId: 'an-old-entry',
          before: null,
          after: null,
          ip: null,
        },
      ],
      (row) => row,
    );
    for (const asked of ['waitingListEntry', 'waitinglist']) {
      const log = (await (await admin.get(`/api/admin/auditlog?targetType=${asked}`)).json()) as {
        items: { action: string; targetType: string; targetId: string }[];
      };
      expect(log.items.map((entry) => entry.action).slice(0, 2)).toEqual(['waitinglist.remove', 'waitinglist.add']);
      expect(new Set(log.items.map((entry) => entry.targetType))).toEqual(new Set(['waitingListEntry']));
    }
    const chain = (await (await admin.get('/api/admin/audit/verify')).json()) as { ok: boolean };
    expect(chain.ok).toBe(true);
  });
});
