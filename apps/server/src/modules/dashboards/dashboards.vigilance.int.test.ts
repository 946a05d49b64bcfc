import type { EuteDashboard, VigilanceReport, VigilanceReportPage } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  expectProblem,
  listedLots,
  readOk,
  startSeededApp,
  type SeededApp,
  clinicalToday,
} from '../../../test/support/clinical';
import type { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';

// The vigilance clocks on the bank's home (docs/decisions.md "Dashboards"): the open reports of the
// caller's banks, soonest deadline first, and a counter whose linked list (`show=open`) holds
// exactly its rows. Bank X has an overdue draft, a fresh draft, a notified report and a confirmed
// one (closed, so not counted); bank Y one draft.

const HOUR_MS = 3_600_000;

describe(`the vigilance clocks on the bank's home (${testEngineName()})`, () => {
  let app: SeededApp;
  const ids = { overdue: '', fresh: '', notified: '', confirmed: '', ofY: '' };

  async function report(client: TestClient, lot: string, discoveredAt: string): Promise<VigilanceReport> {
    const created = await client.post('/api/vigilance/reports', { lot, kind: 'SAE', discoveredAt });
    expect(created.status, await created.clone().text()).toBe(201);
    return (await created.json()) as VigilanceReport;
  }

  async function submit(client: TestClient, id: string, step: 'submit-notification' | 'confirm') {
    const body =
      step === 'submit-notification'
        ? {
            saeNotification: {
              eventDate: clinicalToday(),
              deviations: [{ stage: 'storage', cause: 'equipment-failure' }],
              description: 'Freezer alarm.',
            },
          }
        : { saeConfirmation: { rootCauseAnalysis: 'Sensor fault.', correctiveMeasures: 'Sensor replaced.' } };
    expect((await client.patch(`/api/vigilance/reports/${id}`, body)).status).toBe(200);
    const answer = await client.post(`/api/vigilance/reports/${id}/${step}`, {});
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  beforeAll(async () => {
    app = await startSeededApp();
    const lotsOf = (euteId: string) => listedLots(app, euteId, 4);
    const [a, b, c, d] = (await lotsOf(app.ids.euteX)) as [string, string, string, string];
    const [y] = (await lotsOf(app.ids.euteY)) as [string];
    const { employeeX, employeeY } = app.clients;
    const now = Date.now();
    ids.fresh = (await report(employeeX, a, new Date(now).toISOString())).id;
    ids.overdue = (await report(employeeX, b, new Date(now - 30 * HOUR_MS).toISOString())).id;
    ids.notified = (await report(employeeX, c, new Date(now - 2 * HOUR_MS).toISOString())).id;
    await submit(employeeX, ids.notified, 'submit-notification');
    ids.confirmed = (await report(employeeX, d, new Date(now - 3 * HOUR_MS).toISOString())).id;
    await submit(employeeX, ids.confirmed, 'submit-notification');
    await submit(employeeX, ids.confirmed, 'confirm');
    ids.ofY = (await report(employeeY, y, new Date(now - HOUR_MS).toISOString())).id;
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  test('the bank sees its open reports soonest first, the overdue one first; the counter is the linked list', async () => {
    const home = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    expect(home.vigilance.items.map((item) => item.id)).toEqual([ids.overdue, ids.fresh, ids.notified]);
    const [overdue, fresh, notified] = home.vigilance.items;
    expect(overdue).toMatchObject({ kind: 'SAE', stage: 'notification' });
    expect(Date.parse(overdue!.deadline)).toBeLessThan(Date.parse(home.serverTime));
    expect(fresh!.stage).toBe('notification');
    expect(notified!.stage).toBe('confirmation');
    expect(home.vigilance.count).toBe(3);

    const list = (await readOk<VigilanceReportPage>(app.clients.employeeX, '/api/vigilance/reports?show=open')).body;
    expect(list.total).toBe(home.vigilance.count);
    expect(list.items.map((item) => item.id)).toEqual(home.vigilance.items.map((item) => item.id));
    expect(overdue!.reference).toBe(list.items[0]!.sae!.notification.reportIdentification);
    // The whole list still holds the confirmed report.
    const all = (await readOk<VigilanceReportPage>(app.clients.employeeX, '/api/vigilance/reports')).body;
    expect(all.items.map((item) => item.id)).toContain(ids.confirmed);
  });

  test("another bank's reports stay out; an auditor's home and list count every bank's", async () => {
    const ofY = (await readOk<EuteDashboard>(app.clients.employeeY, '/api/euteemployee/dashboard')).body;
    expect(ofY.vigilance.items.map((item) => item.id)).toEqual([ids.ofY]);
    const auditor = (await readOk<EuteDashboard>(app.clients.auditor, '/api/euteemployee/dashboard')).body;
    const list = (await readOk<VigilanceReportPage>(app.clients.auditor, '/api/vigilance/reports?show=open')).body;
    expect(auditor.vigilance.count).toBe(4);
    expect(list.total).toBe(auditor.vigilance.count);
    expect(list.items.map((item) => item.id)).toEqual(auditor.vigilance.items.map((item) => item.id));
  });

  test('a physician of no bank has no open bank reports; an unknown filter is refused', async () => {
    const list = (await readOk<VigilanceReportPage>(app.clients.physicianA, '/api/vigilance/reports?show=open')).body;
    expect(list.total).toBe(0);
    await expectProblem(await app.clients.employeeX.get('/api/vigilance/reports?show=closed'), 400);
  });
});
