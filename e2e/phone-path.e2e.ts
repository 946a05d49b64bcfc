import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { diameterThumbs, navigate, settled, settledResults, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser, VIEWPORTS } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

// The 2 a.m. path on a phone (docs/decisions.md "Web app"): from login to a requested graft of 21–23 mm with number
// fields only, the first result near the top, the request the labelled primary button, and the
// toasts below the header.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

/** The top of an element in page coordinates, whatever the page is scrolled to. */
const pageTop = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((node) => node.getBoundingClientRect().top + window.scrollY);

describe('a physician on a phone, from login to a requested graft', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  // Bank North's own free 22 mm aortic valve that runs out in 19 days: it fits, and is flagged.
  const lot = `PHONE-${Date.now().toString(36).toUpperCase()}`;
  let searchUrl = '';

  beforeAll(async () => {
    const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    expect(await importFreeGrafts(bank, [{ lot, diameter: '22', expiresInDays: 19 }], 'phone.csv')).toMatchObject({
      inserted: 1,
      failed: 0,
    });
    ({ context, page, problems } = await openContext(browser(), baseUrl, 'phone'));
    page.setDefaultTimeout(15_000);
    watchApi(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the home starts with the search: type buttons and number fields with steppers', async () => {
    await loginThroughUi(page, dataDir, DEMO.berg);
    await waitForPath(page, '/home');
    await page.getByTestId('home-waiting').waitFor();
    await expectNoAxeViolations(page, 'physician home (phone)');
    const quick = page.getByTestId('quick-search');
    // Right under the greeting, before anything that waits for an answer.
    expect(await pageTop(page, '[data-testid="card-quick-search"]')).toBeLessThan(200);
    expect(await pageTop(page, '[data-testid="card-quick-search"]')).toBeLessThan(
      await pageTop(page, '[data-testid="home-waiting"]'),
    );
    await screenshot(page, 'phone-path-home');

    await quick.getByText('Aortic valve', { exact: true }).click();
    expect(await quick.getByRole('radio', { name: 'Aortic valve' }).isChecked()).toBe(true);
    const diameter = quick.getByRole('textbox', { name: 'Proximal diameter' });
    await diameter.fill('21');
    // The stepper's key: one millimetre up is half a step twice.
    await diameter.press('ArrowUp');
    await diameter.press('ArrowUp');
    expect(await diameter.inputValue()).toBe('22 mm');
    await quick.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, '/home/clinic/search/aortic_valve');
    expect(new URL(page.url()).search).toBe('?d_min=20&d_max=24&l_min=10&l_l_min=0&l_r_min=0');
    await settledResults(page);
    expectNoProblems(problems, 'on the home and its search');
  });

  it('narrows the search to 21–23 mm in the number fields, no slider touched', async () => {
    await page.getByTestId('search-summary').click();
    await page.getByTestId('filter-panel').waitFor();
    await checkScreenOnce(page, 'search filter (phone)');
    const smallest = page.getByRole('textbox', { name: 'Smallest proximal diameter' });
    const largest = page.getByRole('textbox', { name: 'Largest proximal diameter' });
    expect([await smallest.inputValue(), await largest.inputValue()]).toEqual(['20 mm', '24 mm']);
    await smallest.fill('21');
    await largest.fill('23');
    // The slider shows what was typed.
    expect(await diameterThumbs(page).values()).toEqual([21, 23]);
    await largest.press('Enter');
    await page.waitForURL(/d_min=21&d_max=23/);
    await settledResults(page);
    await settled(page, 'Search: Aortic valve');
    searchUrl = page.url();
    await expectNoAxeViolations(page, 'search results (phone)');
    await screenshot(page, 'phone-path-results');

    // The results come first: the filter folded into its summary, the count above the list.
    const firstTop = await pageTop(page, '[data-testid="graft-card"]');
    console.info(`phone path: the first result's top is ${Math.round(firstTop)} px from the page top`);
    expect(firstTop).toBeLessThanOrEqual(400);
    const first = await page.getByTestId('graft-card').first().boundingBox();
    expect(first && first.y + first.height > 0 && first.y <= 400, 'the first card is on screen').toBe(true);
    expect(await pageTop(page, '[data-testid="results-caption"]')).toBeLessThan(firstTop);
    expect(await page.getByTestId('compare-bar').count(), 'no compare bar while nothing is ticked').toBe(0);
    expectNoProblems(problems, 'on narrowing the search');
  });

  it('requests the flagged graft with the labelled primary button, and finds it among the requests', async () => {
    const card = page.locator(`[data-testid="graft-card"][data-lot="${lot}"]`);
    await card.waitFor();
    expect(await card.getByTestId('expiry-badge').textContent()).toBe('≤ 30 days');
    const inApp = card.getByRole('button', { name: `Request in app: graft ${lot}` });
    expect(await inApp.textContent()).toBe('Request in app');
    expect(await inApp.getAttribute('data-variant')).toBe('filled');
    const mail = card.getByRole('button', { name: `Request by mail — not tracked in GraftMatch: graft ${lot}` });
    expect(await mail.getAttribute('data-variant')).toBe('subtle');

    await inApp.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, 'request dialog (phone)');
    // Dr. Berg's entry the graft fits is chosen already; without one the request names its patient.
    if ((await dialog.getByTestId('request-entry').inputValue()) === '') {
      await dialog.getByRole('textbox', { name: 'Initial' }).fill('Q');
      await dialog.getByRole('textbox', { name: 'Birth month' }).fill('3');
      await dialog.getByRole('textbox', { name: 'Birth year' }).fill('1997');
    }
    await dialog.getByTestId('request-send').click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId(`requested-${lot}`).waitFor();

    // The confirmation comes at the bottom, below the header's burger, bell, language and account.
    const toast = page.getByRole('alert').filter({ hasText: 'Request sent to the tissue bank' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    const header = await page.locator('header').first().boundingBox();
    expect(box && header && box.y >= header.y + header.height, 'the toast leaves the header free').toBe(true);
    expect(box!.y + box!.height).toBeGreaterThan(VIEWPORTS.phone.height / 2);
    // It only informs, so it closes by itself.
    await toast.waitFor({ state: 'detached', timeout: 10_000 });

    await navigate(page, 'phone', 'nav-requests', '/home/clinic/requests');
    await settled(page, 'My requests');
    const request = page.locator(`[data-testid="request-card"][data-lot="${lot}"]`);
    await request.waitFor();
    expect(await request.getByTestId('request-state').getAttribute('data-state')).toBe('requested');
    await checkScreenOnce(page, 'my requests (phone)');
    await screenshot(page, 'phone-path-requested');
    expectNoProblems(problems, 'on the request');
  });

  it('in German too, the first result starts within 400 px', async () => {
    await page.goto(searchUrl);
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('DE', { exact: true }).click();
    await settled(page, 'Suche: Aortenklappe');
    await page.getByTestId('graft-card').first().waitFor();
    const firstTop = await pageTop(page, '[data-testid="graft-card"]');
    console.info(`phone path in German: the first result's top is ${Math.round(firstTop)} px from the page top`);
    expect(firstTop).toBeLessThanOrEqual(400);
    await expectNoAxeViolations(page, 'search results in German (phone)');
    await screenshot(page, 'phone-path-results-de');
    // Back to English, so later journeys of Dr. Berg read what they expect.
    await page.getByRole('radiogroup', { name: 'Sprache' }).getByText('EN', { exact: true }).click();
    await settled(page, 'Search: Aortic valve');
    expectNoProblems(problems, 'on the German results');
  });
});
