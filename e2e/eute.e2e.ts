import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiIdle, expectHeading, navigate, settled, shownLots, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems, expectNoAxeViolations } from './support/checks';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

const PATIENT_CODE = /^([A-Z]-\d{2}-\d{4}|n\.d\.)$/;

/** The patient codes a page's demand list shows, in order. */
function shownPatients(page: Page): Promise<string[]> {
  return page.getByTestId('demand-patient').evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));
}

/** The demo physician's own waiting-list entries, as their patient codes: the demand must list them. */
let physicianCodes: string[] = [];

describe('a physician and the tissue-bank area', () => {
  it('sees their waiting list, and is told there is no access to the tissue bank’s demand', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    page.setDefaultTimeout(10_000);
    try {
      await loginThroughUi(page, dataDir, DEMO.berg);
      await page.goto('/home/clinic/waitinglist');
      await page.getByTestId('wl-list').waitFor();
      physicianCodes = await page
        .getByTestId('wl-entry')
        .evaluateAll((nodes) =>
          nodes.map((node) => /([A-Z]-\d{2}-\d{4})$/.exec(node.getAttribute('aria-label') ?? '')?.[1] ?? ''),
        );
      expect(physicianCodes.length, 'the demo gives dr. Berg waiting-list entries').toBeGreaterThan(0);
      expect(physicianCodes.every((code) => PATIENT_CODE.test(code))).toBe(true);
      await checkScreenOnce(page, 'a physician’s waiting list');
      // The tissue-bank area is neither offered nor open to a physician.
      expect(await page.getByTestId('nav-eute-waitinglist').count()).toBe(0);
      await page.goto('/home/eute/waitinglist');
      const alert = page.getByTestId('no-access');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('You have no access to this area.');
      await checkScreenOnce(page, 'no access to the demand');
      expect(await page.getByTestId('demand-entry').count()).toBe(0);
      expect(await page.getByTestId('demand-download').count()).toBe(0);
      expectNoProblems(problems, 'as a physician');
    } finally {
      await context.close();
    }
  });
});

/**
 * The tissue-bank employee's journey, at a phone size and on a desk PC: the demand with search
 * and PDF, current donations, a donation's details and the archive. Each step ends with no
 * console error and no failed request.
 */
describe.each<ViewportName>(['phone', 'desktop'])('tissue-bank journey at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    // A dismissed hint is kept with the account: each size starts from one not dismissed yet.
    await (await apiSession(baseUrl, dataDir, DEMO.bankNorth)).patch('/users/settings', { dismissedHints: [] });
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(10_000);
    watchApi(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('logs in and lands on home, which offers the tissue-bank area only', async () => {
    await loginThroughUi(page, dataDir, DEMO.bankNorth);
    await waitForPath(page, '/home');
    await expectHeading(page, /^Welcome, /);
    await page.getByTestId('area-eute').waitFor();
    expect(await page.getByTestId('area-clinic').count()).toBe(0);
    expectNoProblems(problems, 'on login and home');
  });

  it('sees the demand: every open entry, also the demo physician’s, with a hint', async () => {
    await navigate(page, size, 'nav-eute-waitinglist', '/home/eute/waitinglist');
    await settled(page, 'Demand from waiting lists');
    await page.getByTestId(size === 'desktop' ? 'demand-table' : 'demand-cards').waitFor();
    const codes = await shownPatients(page);
    expect(codes.length).toBeGreaterThanOrEqual(physicianCodes.length);
    expect(codes.every((code) => PATIENT_CODE.test(code))).toBe(true);
    expect(
      physicianCodes.filter((code) => !codes.includes(code)),
      'the physician’s entries are in the demand',
    ).toEqual([]);
    expect(await page.getByTestId('demand-caption').textContent()).toMatch(/^\d+ open waiting-list entr(y|ies)$/);
    await page.getByTestId('eute-hint').waitFor();
    await screenshot(page, `${size}-eute-demand`);
    await expectNoAxeViolations(page, `demand (${size})`);
    expectNoProblems(problems, 'on the demand');
  });

  it('searches the demand by patient code and closes the search with Escape', async () => {
    const all = await shownPatients(page);
    const toggle = page.getByTestId('demand-search-toggle');
    await toggle.click();
    const box = page.getByRole('searchbox', { name: 'Search the demand' });
    await box.waitFor();
    const wanted = physicianCodes[0]!;
    // Typed, as a person would; the list follows each key.
    await box.pressSequentially(wanted.toLowerCase());
    await expect.poll(() => shownPatients(page)).toEqual(all.filter((code) => code === wanted));
    await expectNoAxeViolations(page, `demand with search (${size})`);
    await box.press('Escape');
    await box.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('demand-search-toggle');
    expect(await shownPatients(page)).toEqual(all);
    expectNoProblems(problems, 'on the demand search');
  });

  it('downloads the demand as a PDF named by the server', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('demand-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^WaitingList_\d{8}T\d{6}Z\.pdf$/);
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.length).toBeGreaterThan(1000);
    // The token went in the Authorization header, never in an address.
    expect(download.url()).toMatch(/^blob:/);
    await page.getByTestId('global-loading').waitFor({ state: 'detached' });
    expectNoProblems(problems, 'on the PDF download');
  });

  it('the dismissed hint stays away after a reload (it is kept with the account)', async () => {
    await page.getByTestId('eute-hint').getByRole('button', { name: 'Dismiss hint' }).click();
    await page.getByTestId('eute-hint').waitFor({ state: 'detached' });
    // The dismissal is saved with the account: a reload before its answer would undo it.
    await apiIdle(page);
    await page.reload();
    await settled(page, 'Demand from waiting lists');
    expect(await page.getByTestId('eute-hint').count()).toBe(0);
    expectNoProblems(problems, 'after dismissing the hint');
  });

  it('opens current donations and a donation’s details', async () => {
    await navigate(page, size, 'nav-eute-current', '/home/eute/current');
    await settled(page, 'Current donations');
    await page.getByTestId(size === 'desktop' ? 'graft-table' : 'graft-cards').waitFor();
    await checkScreenOnce(page, `current donations (${size})`);
    // The stock holds free grafts too (docs/decisions.md "The bank's stock"): assigned ones by the URL's filter.
    await page.goto('/home/eute/current?state=assigned');
    await settled(page, 'Current donations');
    const [lot] = await shownLots(page);
    expect(lot, 'the demo bank has grafts assigned to clinics').toBeTruthy();
    await page.getByTestId(`details-${lot}`).click();
    await waitForPath(page, `/home/eute/donation/${encodeURIComponent(lot!)}`);
    await page.getByTestId('graft-details').waitFor();
    await expectHeading(page, `Graft ${lot}`);
    expect(await page.getByTestId('graft-status').textContent()).toBe('Current');
    expect(await page.getByTestId('graft-patient-code').textContent()).toMatch(PATIENT_CODE);
    await page.getByTestId('process-timeline').waitFor();
    expect(await page.getByTestId('request-link').count()).toBe(0);
    await screenshot(page, `${size}-eute-donation`);
    await expectNoAxeViolations(page, `donation details (${size})`);
    expectNoProblems(problems, 'on current donations');
  });

  it('opens the archive', async () => {
    await navigate(page, size, 'nav-eute-archive', '/home/eute/archive');
    await settled(page, 'Donation archive');
    await page.getByTestId('results-caption').or(page.getByTestId('eute-archive-empty')).first().waitFor();
    await checkScreenOnce(page, `donation archive (${size})`);
    const [lot] = await shownLots(page);
    expect(lot, 'the demo bank has archived grafts').toBeTruthy();
    await page.getByTestId(`details-${lot}`).click();
    await page.getByTestId('graft-details').waitFor();
    expect(await page.getByTestId('graft-status').textContent()).toBe('Archive');
    expectNoProblems(problems, 'on the archive');
  });

  it('reads in German', async () => {
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('DE', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await navigate(page, size, 'nav-eute-waitinglist', '/home/eute/waitinglist');
    await settled(page, 'Bedarf aus den Wartelisten');
    expect(await page.getByTestId('demand-download').textContent()).toBe('PDF herunterladen');
    expect(await page.getByTestId('demand-caption').textContent()).toMatch(/^\d+ offene Wartelisteneinträge$/);
    expect(await page.getByTestId('nav-eute-current').textContent()).toBe('Aktuelle Spenden');
    expectNoProblems(problems, 'in German');
  });
});
