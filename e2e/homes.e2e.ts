import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { aWaitingListRequest } from '@graftmatch/domain/testing';
import { SCREEN_PAGE_SIZE, type EuteDashboard, type PhysicianDashboard, type StockTrend } from '@graftmatch/domain';
import { apiIdle, settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/** Bank North imports a free graft expiring in 40 days; Dr. Berg requests it and the bank reserves it. */
async function reservationForBerg(lot: string): Promise<void> {
  const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
  await importFreeGrafts(bank, [{ lot, diameter: '22.5', expiresInDays: 40 }], 'home.csv');
  const berg = await apiSession(baseUrl, dataDir, DEMO.berg);
  const request = await berg.post<{ id: string }>('/physician/requests', { lot, patient_Code: 'NN-00-0000' });
  await bank.post(`/euteemployee/requests/${request.id}/reserve`, {});
}

/** Dr. Berg's entry for a 20 to 25 mm aortic valve, which the grafts `importFreeGrafts` makes (22.5 mm) fit. */
async function entryForBerg(patientCode: string): Promise<void> {
  const berg = await apiSession(baseUrl, dataDir, DEMO.berg);
  const from = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const until = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await berg.post(
    '/physician/waitinglist',
    aWaitingListRequest({ patient_Code: patientCode, query_i_min: from, query_i_Max: until }),
  );
}

const newMatchesOf = async (page: Page) => Number(await page.getByTestId('new-matches').getAttribute('data-count'));

/** Opens the waiting list from the home's new-matches line, waits until it is marked seen, and comes back. */
async function lookAtWaitingList(page: Page): Promise<void> {
  const marked = page.waitForResponse(
    (response) => response.url().endsWith('/api/physician/dashboard/matches-seen') && response.status() === 200,
  );
  await page.getByTestId('new-matches').getByRole('link').click();
  await settled(page, 'Waiting list');
  await checkScreenOnce(page, 'waiting list');
  await marked;
  await page.goBack();
  await page.getByTestId('home-physician').waitFor();
  await apiIdle(page);
}

/** A counter's number, once the home's counts are on show; the physician's home leaves out a counter at zero. */
const countOf = async (page: Page, testId: string) => {
  const count = page.getByTestId(`${testId}-count`).first();
  return (await count.count()) === 0 ? 0 : Number(await count.textContent());
};

/** Opens a counter's link and answers the rows (cards or table rows) the list then shows. */
async function followCounter(page: Page, testId: string, heading: string | RegExp, rows: string): Promise<number> {
  await page.getByTestId(`${testId}-link`).first().click();
  await settled(page, heading);
  await checkScreenOnce(page, `${new URL(page.url()).pathname}`);
  return page.locator(rows).count();
}

/**
 * The homes per role (docs/decisions.md "Dashboards"): the counters show what the API counts, and a
 * counter's link opens a list with exactly that many rows.
 */
describe.each<ViewportName>(['phone', 'desktop'])('the homes at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(10_000);
    watchApi(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the physician: the reservation awaiting the answer, and its counter leads to exactly those requests', async () => {
    await reservationForBerg(`HOME-${size}-${Date.now().toString(36)}`);
    const expected = await (
      await apiSession(baseUrl, dataDir, DEMO.berg)
    ).get<PhysicianDashboard>('/physician/dashboard');
    await loginThroughUi(page, dataDir, DEMO.berg);
    await waitForPath(page, '/home');
    await page.getByTestId('home-waiting').waitFor();
    expect(expected.awaitingAnswer.count).toBeGreaterThanOrEqual(1);
    expect(await countOf(page, 'counter-awaiting')).toBe(expected.awaitingAnswer.count);
    expect(await countOf(page, 'counter-receive')).toBe(expected.toReceive.count);
    expect(await countOf(page, 'counter-record')).toBe(expected.toRecord.count);
    expect(await countOf(page, 'counter-matches')).toBe(expected.matches.count);
    expect(await countOf(page, 'counter-risk')).toBe(expected.atRisk.count);
    await screenshot(page, `${size}-home-physician`);
    await expectNoAxeViolations(page, `physician home (${size})`);

    const awaiting = await followCounter(page, 'counter-awaiting', 'My requests', '[data-testid="request-card"]');
    expect(awaiting).toBe(expected.awaitingAnswer.count);
    // The other counters that count something lead to exactly their requests, or to the waiting list
    // filtered to exactly their entries (one page); those at zero are not shown.
    for (const [testId, count, heading, rows] of [
      ['counter-record', expected.toRecord.count, 'My requests', '[data-testid="request-card"]'],
      [
        'counter-matches',
        Math.min(expected.matches.count, SCREEN_PAGE_SIZE),
        'Waiting list',
        '[data-testid="wl-entry"]',
      ],
      ['counter-risk', Math.min(expected.atRisk.count, SCREEN_PAGE_SIZE), 'Waiting list', '[data-testid="wl-entry"]'],
      ['counter-passed', Math.min(expected.passed.count, SCREEN_PAGE_SIZE), 'Waiting list', '[data-testid="wl-entry"]'],
    ] as const) {
      if (new URL(page.url()).pathname !== '/home') {
        await page.goBack();
      }
      await page.getByTestId('home-waiting').waitFor();
      if (count === 0) {
        expect(await page.getByTestId(testId).count(), testId).toBe(0);
        continue;
      }
      expect(await followCounter(page, testId, heading, rows), testId).toBe(count);
      if (heading === 'Waiting list') {
        await page.getByTestId('wl-filter').waitFor();
      }
    }
    expectNoProblems(problems, 'on the physician home');
  });

  it('the physician: new matches since the last look go up with a matching import and to 0 after looking; the quick search opens its URL', async () => {
    await context.clearCookies();
    const page = await context.newPage();
    watchApi(page);
    await entryForBerg('B-01-2020');
    await loginThroughUi(page, dataDir, DEMO.berg);
    await waitForPath(page, '/home');
    await page.getByTestId('home-physician').waitFor();
    await checkScreenOnce(page, `physician home (${size})`);
    await lookAtWaitingList(page);
    await expect.poll(() => newMatchesOf(page)).toBe(0);
    await expect
      .poll(async () => page.getByTestId('new-matches').textContent())
      .toMatch(/^0 new since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

    const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    await importFreeGrafts(bank, [
      { lot: `NEW-${size}-${Date.now().toString(36)}`, diameter: '22.5', expiresInDays: 200 },
    ]);
    const expected = await (
      await apiSession(baseUrl, dataDir, DEMO.berg)
    ).get<PhysicianDashboard>('/physician/dashboard');
    expect(expected.newMatches.count).toBeGreaterThanOrEqual(1);
    await page.reload();
    await page.getByTestId('home-physician').waitFor();
    await expect.poll(() => newMatchesOf(page)).toBe(expected.newMatches.count);
    await screenshot(page, `${size}-home-physician-new-matches`);
    await expectNoAxeViolations(page, `physician home with new matches (${size})`);

    await lookAtWaitingList(page);
    await expect.poll(() => newMatchesOf(page)).toBe(0);

    const quick = page.getByTestId('quick-search');
    await quick.getByText('Aortic valve', { exact: true }).click();
    await quick.getByLabel('Proximal diameter').fill('22');
    await quick.getByLabel('Minimum total length').fill('40');
    await screenshot(page, `${size}-home-quick-search`);
    await quick.getByLabel('Minimum total length').press('Enter');
    await waitForPath(page, '/home/clinic/search/aortic_valve');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(
      '/home/clinic/search/aortic_valve?d_min=20&d_max=24&l_min=40&l_l_min=0&l_r_min=0',
    );
    await settled(page, /Search/);
    await checkScreenOnce(page, 'search from the quick search');
    expectNoProblems(problems, 'on the physician home and its quick search');
    await page.close();
  });

  it('the tissue bank: expiring stock and stock against demand, a cell leading to exactly its free grafts', async () => {
    await context.clearCookies();
    const bankPage = await context.newPage();
    watchApi(bankPage);
    const expected = await (
      await apiSession(baseUrl, dataDir, DEMO.bankNorth)
    ).get<EuteDashboard>('/euteemployee/dashboard');
    await loginThroughUi(bankPage, dataDir, DEMO.bankNorth);
    await waitForPath(bankPage, '/home');
    await bankPage.getByTestId('home-eute').waitFor();
    expect(await countOf(bankPage, 'counter-open')).toBe(expected.openRequests.count);
    expect(await countOf(bankPage, 'counter-exp30')).toBe(expected.expiring.within30);
    expect(await countOf(bankPage, 'counter-exp90')).toBe(expected.expiring.within90);
    await bankPage.getByTestId('stock-demand-heatmap').waitFor();
    // The 12-month trend: the chart and its table, whose last row is this month's stock and demand.
    const trend = await (
      await apiSession(baseUrl, dataDir, DEMO.bankNorth)
    ).get<StockTrend>('/euteemployee/dashboard/trend');
    await bankPage.getByTestId('stock-trend-chart').waitFor();
    await bankPage.getByTestId('trend-table-toggle').click();
    const trendRows = bankPage.getByTestId('stock-trend-table').locator('tbody tr');
    await expect.poll(() => trendRows.count()).toBe(12);
    const thisMonth = trend.months.at(-1)!;
    const sum = (of: 'stock' | 'demand') => thisMonth.types.reduce((total, each) => total + each[of], 0);
    expect(await trendRows.last().locator('th, td').allTextContents()).toEqual([
      thisMonth.month,
      String(sum('stock')),
      String(sum('demand')),
    ]);
    await screenshot(bankPage, `${size}-home-eute`);
    await expectNoAxeViolations(bankPage, `bank home (${size})`);

    // The request counters lead to the inbox showing exactly those requests, the expiring ones to the stock.
    for (const [testId, count] of [
      ['counter-open', expected.openRequests.count],
      ['counter-lapsing', expected.lapsing.count],
      ['counter-delivery', expected.awaitingDelivery.count],
    ] as const) {
      const shown = await followCounter(bankPage, testId, 'Requests and candidates', '[data-testid="request-card"]');
      expect(shown, testId).toBe(count);
      await bankPage.goBack();
      await bankPage.getByTestId('home-eute').waitFor();
    }
    const expiring = bankPage.locator('[data-testid="graft-row"], [data-testid="graft-card"]');
    await bankPage.getByTestId('counter-exp30-link').first().click();
    await settled(bankPage, 'Current donations');
    await expect.poll(() => expiring.count()).toBe(Math.min(expected.expiring.within30, SCREEN_PAGE_SIZE));
    await bankPage.goBack();
    await bankPage.getByTestId('home-eute').waitFor();

    // A cell with a few free grafts (within one page of the stock list).
    const cell = expected.stockDemand.find((each) => each.band !== null && each.stock > 0 && each.stock <= 20);
    expect(cell).toBeDefined();
    const heatmap = bankPage.getByTestId('stock-demand-heatmap');
    const link = heatmap.locator(`a[href*="type=${cell!.type}&dMin=${cell!.band}&"]`);
    await link.click();
    await settled(bankPage, 'Current donations');
    await checkScreenOnce(bankPage, 'stock of one cell');
    const rows = bankPage.locator('[data-testid="graft-row"], [data-testid="graft-card"]');
    await expect.poll(() => rows.count()).toBe(cell!.stock);
    expectNoProblems(problems, 'on the bank home');
    await bankPage.close();
  });

  it('the auditor: the admin overview read-only with the note, and the failed mails it counts', async () => {
    await context.clearCookies();
    const auditorPage = await context.newPage();
    watchApi(auditorPage);
    await loginThroughUi(auditorPage, dataDir, DEMO.auditor);
    await waitForPath(auditorPage, '/home');
    await auditorPage.getByTestId('home-admin').waitFor();
    await auditorPage.getByTestId('auditor-note').waitFor();
    const failed = await countOf(auditorPage, 'counter-mails');
    await screenshot(auditorPage, `${size}-home-auditor`);
    await expectNoAxeViolations(auditorPage, `auditor home (${size})`);
    await auditorPage.getByTestId('counter-mails-link').click();
    await waitForPath(auditorPage, '/home/admin/mails');
    await settled(auditorPage, 'Mails');
    await checkScreenOnce(auditorPage, `failed mails (${size})`);
    const mailRows = failed === 0 ? 0 : await auditorPage.getByTestId('mail-row').count();
    expect(mailRows).toBe(failed);
    await auditorPage.goBack();
    await auditorPage.getByTestId('home-admin').waitFor();
    const never = await countOf(auditorPage, 'counter-never');
    await auditorPage.getByTestId('counter-never-link').click();
    await waitForPath(auditorPage, '/home/admin/users');
    await auditorPage.getByTestId('users-attention').waitFor();
    await expect.poll(() => auditorPage.getByTestId('user-row').count()).toBe(never);
    await checkScreenOnce(auditorPage, `users never signed in (${size})`);
    expectNoProblems(problems, 'on the auditor home');
    await auditorPage.close();
  });
});
