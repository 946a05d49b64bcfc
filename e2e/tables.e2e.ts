import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { navigate, settled, settledResults, shownDiameter, shownLots } from './support/app';
import { sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems, overflowingWrappers } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, waitForPath } from './support/login';
import { signedInPage } from './support/session';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/** Aortic valves of 15–25 mm, at least 10 mm long: the search this journey asks. */
const SEARCH = '/home/clinic/search/aortic_valve?d_min=15&d_max=25&l_min=10&l_l_min=0&l_r_min=0';

/** The tallest graft row, in pixels. */
function tallestRow(page: Page): Promise<number> {
  return page
    .getByTestId('graft-row')
    .evaluateAll((rows) => Math.max(...rows.map((row) => row.getBoundingClientRect().height)));
}

/** The expiry dates shown, in order; "n.d." for unknown ones. */
function shownExpiries(page: Page, testId = 'graft-expiry'): Promise<string[]> {
  return page.getByTestId(testId).evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

/** Ascending dates, unknown ones last. */
function expectAscending(expiries: string[]) {
  const known = expiries.filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date));
  expect(known.length, 'some expiry dates shown').toBeGreaterThan(1);
  expect(known).toEqual([...known].sort());
  expect(expiries.slice(0, known.length), 'unknown expiry last').toEqual(known);
}

/** The table fits the 1280 px screen, its rows stay low, and the first row's own button is on screen. */
async function expectTableFits(page: Page, where: string, button?: (lot: string) => string) {
  expect(await overflowingWrappers(page), `table wrappers overflowing ${where}`).toEqual([]);
  expect(await tallestRow(page), `tallest row ${where}`).toBeLessThanOrEqual(58);
  if (button) {
    const [first] = await shownLots(page);
    const box = await page.getByTestId(button(first as string)).boundingBox();
    expect(box, `the first row's button ${where}`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  }
}

/** Clicks the Expiry header and checks the order, the header's state and the URL, then that a reload keeps them. */
async function sortByExpiry(page: Page, heading: string, testId?: string) {
  await page.getByTestId('sort-expiry').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('expiry');
  await expect
    .poll(() => page.getByTestId('sort-expiry').locator('xpath=ancestor::th').getAttribute('aria-sort'))
    .toBe('ascending');
  await settled(page, heading);
  expectAscending(await shownExpiries(page, testId));
  await page.reload();
  await settled(page, heading);
  expect(new URL(page.url()).searchParams.get('sort')).toBe('expiry');
  expect(await page.getByTestId('sort-expiry').locator('xpath=ancestor::th').getAttribute('aria-sort')).toBe(
    'ascending',
  );
  expectAscending(await shownExpiries(page, testId));
}

/**
 * Tables that fit and sort, the search's summary, and grafts compared side by side: at 1280 × 800
 * every table fits its screen with its actions in view and orders by a header kept in the URL; on
 * a phone the lists stay cards. Screenshots of each page at both sizes.
 */
describe.each<ViewportName>(['desktop', 'phone'])('tables and comparing at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let compared: string[] = [];

  beforeAll(async () => {
    ({ context, page, problems } = await signedInPage(browser(), baseUrl, dataDir, size, DEMO.berg));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows every graft type’s name in full', async () => {
    await navigate(page, size, 'nav-search', '/home/clinic/search');
    await settled(page, 'Search grafts');
    const cut = await page
      .getByTestId('type-picker')
      .locator('.mantine-Button-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(cut, 'type names cut off').toEqual([]);
    await screenshot(page, `${size}-tables-type-picker`);
    await checkScreenOnce(page, `search (${size})`);
  });

  it('sums the search up in one line that opens the filter, and shows media marks and the distance from the middle', async () => {
    await page.goto(SEARCH);
    await settledResults(page);
    await settled(page, 'Search: Aortic valve');
    const summary = page.getByTestId('search-summary');
    expect(await summary.textContent()).toBe('Aortic valve · 15–25 mm · ≥ 10 mm');
    expect(await page.getByTestId(size === 'desktop' ? 'graft-table' : 'graft-cards').count()).toBe(1);
    const offsets = await page.getByTestId('diameter-offset').allTextContents();
    expect(offsets.length).toBeGreaterThan(0);
    expect(
      offsets.every((offset) => /^(±0|[+−]\d+(\.\d)?) mm$/.test(offset)),
      offsets.join(),
    ).toBe(true);
    // Best fit first: the distances from the middle never shrink down the list.
    const distances = offsets.map((offset) => (offset.startsWith('±') ? 0 : Number(offset.replace(/[^\d.]/g, ''))));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(
      await page.locator('[data-testid="graft-row"], [data-testid="graft-card"]').first().textContent(),
    ).not.toContain('Aortic valve');
    await checkScreenOnce(page, `search results (${size})`);
    await screenshot(page, `${size}-tables-search`);

    await summary.click();
    await page.getByTestId('filter-panel').waitFor();
    expect(await shownDiameter(page)).toBe('15–25 mm');
    await page.getByTestId('filter-toggle').click();
    await page.getByTestId('filter-panel').waitFor({ state: 'detached' });
    expectNoProblems(problems, 'on the search summary');
  });

  it('fits the results to the screen with the request button in view, and sorts by expiry in the URL', async () => {
    if (size === 'phone') {
      expect(await page.getByTestId('graft-table').count(), 'a phone keeps cards').toBe(0);
      // Cards have no headers: the order is picked instead, and kept in the URL the same way.
      await page.getByTestId('graft-order').click();
      await page.getByRole('option', { name: 'Expiry, soonest first' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('expiry');
      await settled(page, 'Search: Aortic valve');
      expectAscending(await shownExpiries(page));
      await page.reload();
      await settled(page, 'Search: Aortic valve');
      expect(await page.getByTestId('graft-order').inputValue()).toBe('Expiry, soonest first');
      expectAscending(await shownExpiries(page));
      await screenshot(page, `${size}-tables-search-sorted`);
      expectNoProblems(problems, 'on ordering the search');
      return;
    }
    await expectTableFits(page, 'on the search', (lot) => `request-${lot}`);
    await sortByExpiry(page, 'Search: Aortic valve');
    await expectTableFits(page, 'on the sorted search', (lot) => `request-${lot}`);
    await screenshot(page, `${size}-tables-search-sorted`);
    expectNoProblems(problems, 'on sorting the search');
  });

  it('compares three ticked grafts side by side at a URL that reloads', async () => {
    // Two of the first results and one with photos (the demo has one in this range), so a photo is compared too.
    const withPhotos = await page
      .locator('[data-testid="graft-row"], [data-testid="graft-card"]')
      .filter({ has: page.getByTestId('has-photos') })
      .first()
      .getAttribute('data-lot');
    expect(withPhotos).toBeTruthy();
    const lots = [...(await shownLots(page)).filter((lot) => lot !== withPhotos).slice(0, 2), withPhotos as string];
    for (const lot of lots) {
      await page.getByTestId(`compare-${lot}`).check();
    }
    expect(await page.getByTestId('compare-bar').textContent()).toContain('3 of 4 ticked');
    await page.getByTestId('compare-open').click();
    await waitForPath(page, '/home/clinic/compare');
    expect(new URL(page.url()).searchParams.get('lots')).toBe(lots.join(','));
    await settled(page, 'Compare grafts');
    const shown = () => page.getByTestId('compare-lot').allTextContents();
    expect(await shown()).toEqual(lots);
    expect(await shownExpiries(page, 'compare-expiry')).toHaveLength(3);
    await page.getByTestId('compare-photo').first().waitFor();
    expect(await page.getByTestId('compare-photo').count()).toBeGreaterThanOrEqual(1);
    compared = lots;
    await checkScreenOnce(page, `compare (${size})`);
    await screenshot(page, `${size}-tables-compare`);

    await page.reload();
    await settled(page, 'Compare grafts');
    expect(await shown()).toEqual(compared);
    if (size === 'desktop') {
      expect(await page.getByTestId('compare-table').locator('tbody tr').count()).toBeGreaterThanOrEqual(8);
    } else {
      // A card a graft on a phone, each with every fact.
      const cards = page.getByTestId('compare-cards').locator('article');
      expect(await cards.count()).toBe(3);
      expect(await cards.first().locator('dt').count()).toBeGreaterThanOrEqual(8);
    }
    expectNoProblems(problems, 'on comparing');
  });

  it('fits the current grafts to the screen and sorts them by expiry in the URL', async () => {
    await page.goto('/home');
    await navigate(page, size, 'nav-current', '/home/clinic/current');
    await settled(page, 'Current grafts');
    await page.getByTestId(size === 'desktop' ? 'graft-table' : 'graft-cards').waitFor();
    await checkScreenOnce(page, `current grafts (${size})`);
    await screenshot(page, `${size}-tables-current`);
    if (size === 'desktop') {
      await expectTableFits(page, 'on the current grafts');
      await sortByExpiry(page, 'Current grafts');
    }
    expectNoProblems(problems, 'on the current grafts');
  });
});

describe.each<ViewportName>(['desktop', 'phone'])('the bank’s stock table at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    // Lots as long as real ones, so the LOT column is as wide as on any day.
    const stamp = Date.now().toString(36).slice(-6);
    // A few grafts of known expiry, so the order has dates to compare on the first page.
    await importFreeGrafts(
      bank,
      [40, 12, 75].map((days, index) => ({ lot: `T${size[0]}${stamp}-${index}`, diameter: '21', expiresInDays: days })),
      'tables.csv',
    );
    ({ context, page, problems } = await signedInPage(browser(), baseUrl, dataDir, size, DEMO.bankNorth));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('fits the stock to the screen, with its LOT links in view, and keeps the expiry order in the URL', async () => {
    await navigate(page, size, 'nav-eute-current', '/home/eute/current');
    await settled(page, 'Current donations');
    await page.getByTestId(size === 'desktop' ? 'graft-table' : 'graft-cards').waitFor();
    await checkScreenOnce(page, `stock (${size})`);
    await screenshot(page, `${size}-tables-stock`);
    if (size === 'desktop') {
      await expectTableFits(page, 'on the stock', (lot) => `details-${lot}`);
      // The stock starts soonest first; the header turns it, and a second click returns.
      await page.getByTestId('sort-expiry').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-expiry');
      // The list drawn anew in that order first: a click during its render may miss the header.
      await settled(page, 'Current donations');
      await page.getByTestId('sort-expiry').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
      await settled(page, 'Current donations');
      expectAscending(await shownExpiries(page, 'stock-expiry'));
      await expectTableFits(page, 'on the stock', (lot) => `details-${lot}`);
    }
    expectNoProblems(problems, 'on the stock');
  });
});
