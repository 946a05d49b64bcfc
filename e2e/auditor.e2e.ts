import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { settled, shownLots, watchApi } from './support/app';
import { openContext, sharedBrowser } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, apiSession, loginThroughUi } from './support/login';
import { clinicalToday } from './support/grafts';

// The auditor reads everything and changes nothing (docs/decisions.md §5): while a physician and
// a tissue bank take one graft from the search to its implantation (through the API), the auditor
// follows it in the browser on every page it passes, each read-only and without a write action.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

const NORTH = 'Gewebebank Nord gGmbH';
const SEARCH = '/home/clinic/search/aortic_valve?d_min=15&d_max=25&l_min=10&l_l_min=0&l_r_min=0';
const WRITES = [
  'wl-add-button',
  'request-link',
  'wl-edit',
  'wl-remove',
  ...['confirm', 'withdraw', 'implant', 'return', 'reserve', 'decline', 'assign', 'deliver'].map((a) => `step-${a}`),
];

/** The page is read-only: the banner shows, and no write action is offered. */
async function readOnly(page: Page, label: string) {
  await page.getByTestId('read-only').waitFor();
  expect(await page.getByTestId('no-access').count(), label).toBe(0);
  const offered = await page.locator(WRITES.map((id) => `[data-testid="${id}"]`).join(', ')).count();
  const buttons = page.locator('[data-testid^="request-in-app-"], [data-testid^="upload-"]');
  expect(await buttons.count(), `${label}: request and upload buttons`).toBe(0);
  expect(offered, `${label}: write actions`).toBe(0);
  await checkScreenOnce(page, `${label} (auditor)`);
}

/** The graft's details page as the auditor reads it: its list status. */
async function statusOf(page: Page, lot: string): Promise<string | null> {
  await page.goto(`/home/clinic/graft/${encodeURIComponent(lot)}`);
  await settled(page, `Graft ${lot}`);
  await readOnly(page, 'graft details');
  return page.getByTestId('graft-status').textContent();
}

async function listed(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.goto(path);
  await settled(page, heading);
  await readOnly(page, path);
  return shownLots(page);
}

describe('the auditor', () => {
  it('follows one graft from the search to its archived state, read-only on every page', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    page.setDefaultTimeout(15_000);
    watchApi(page);
    try {
      await loginThroughUi(page, dataDir, DEMO.auditor);
      const [berg, bank] = [
        await apiSession(baseUrl, dataDir, DEMO.berg),
        await apiSession(baseUrl, dataDir, DEMO.bankNorth),
      ];

      // The search finds the free grafts of every bank; the auditor picks one of bank North that
      // no other journey on this server has asked for.
      await page.getByTestId('nav-search').waitFor();
      await page.goto(SEARCH);
      const rows = page.getByTestId('graft-row').filter({ hasText: NORTH });
      await rows.first().waitFor();
      const requested = new Set(await berg.get<string[]>('/physician/requests/lots'));
      const lots = await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-lot') ?? ''));
      const lot = lots.find((candidate) => candidate !== '' && !requested.has(candidate)) ?? '';
      expect(lot).not.toBe('');
      await readOnly(page, 'search');
      expect(await statusOf(page, lot)).toBe('Free');

      // A physician asks for it; the bank's inbox and the physician's requests show it to the auditor.
      const request = await berg.post<{ id: string }>('/physician/requests', { lot, patient_Code: 'A-03-2021' });
      await page.goto('/home/eute/requests');
      await settled(page, 'Requests and candidates');
      await page.locator(`[data-testid="inbox-graft"][data-lot="${lot}"]`).waitFor();
      await readOnly(page, 'the banks’ inboxes');

      // Reserved, confirmed and assigned: the graft is Current for the clinic and the bank.
      await bank.post(`/euteemployee/requests/${request.id}/reserve`, { hours: 24 });
      await berg.post(`/physician/requests/${request.id}/confirm`, {});
      await bank.post(`/euteemployee/requests/${request.id}/assign`, {});
      expect(await listed(page, '/home/clinic/current', 'Current grafts')).toContain(lot);
      // The stock of every bank is long and sorted by expiry: the assigned ones by the stock's filter.
      expect(await listed(page, '/home/eute/current?state=assigned', 'Current donations')).toContain(lot);
      expect(await statusOf(page, lot)).toBe('Current');

      // Delivered and implanted: the request is closed and the graft archived on both sides.
      await bank.post(`/euteemployee/requests/${request.id}/deliver`, {
        carrier: 'MedCourier Berlin',
        reference: 'MC-2026-0042',
      });
      // The implantation names the package's code: the graft's SEC, or its lot when it has none.
      const graft = await berg.get<{ x_SEC: string | null }>(`/grafts/by-code/${encodeURIComponent(lot)}`);
      await berg.post(`/physician/requests/${request.id}/implant`, {
        date: clinicalToday(),
        patient_Code: 'A-03-2021',
        sec: graft.x_SEC ?? lot,
      });
      await page.goto('/home/clinic/requests');
      await settled(page, 'My requests');
      const card = page.locator(`[data-testid="request-card"][data-lot="${lot}"]`).first();
      expect(await card.getByTestId('request-state').getAttribute('data-state')).toBe('implanted');
      await readOnly(page, 'every physician’s requests');
      expect(await listed(page, '/home/clinic/archive', 'Archived grafts')).toContain(lot);
      expect(await listed(page, '/home/eute/archive', 'Donation archive')).toContain(lot);
      expect(await statusOf(page, lot)).toBe('Archive');
      expectNoProblems(problems, 'as auditor');
    } finally {
      await context.close();
    }
  }, 180_000);
});
