import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectHeading, navigate, settled } from './support/app';
import { sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, waitForPath } from './support/login';
import { signedInPage } from './support/session';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/** Imports, as bank North's own system would, a released (free) graft that expires in 19 days. */
async function importFreeGraftExpiringSoon(lot: string): Promise<void> {
  const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
  const summary = await importFreeGrafts(bank, [{ lot, diameter: '22.5', expiresInDays: 19 }], 'stock.csv');
  expect(summary).toMatchObject({ inserted: 1, failed: 0 });
}

/** The expiry dates shown, in order. */
function shownExpiries(page: Page): Promise<string[]> {
  return page.getByTestId('stock-expiry').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

/** The row (table) or card of a lot. */
const graftOf = (page: Page, lot: string) =>
  page.locator(`[data-testid="graft-row"][data-lot="${lot}"], [data-testid="graft-card"][data-lot="${lot}"]`);

/**
 * The bank's stock (docs/decisions.md): bank North sees a free graft that expires within 30 days with a
 * red badge, orders the list by expiry, and opens the LOT's page, where it uploads.
 */
describe.each<ViewportName>(['phone', 'desktop'])('the bank’s stock at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const lot = `STK-E2E-${size}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    await importFreeGraftExpiringSoon(lot);
    ({ context, page, problems } = await signedInPage(browser(), baseUrl, dataDir, size, DEMO.bankNorth));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('lists the free graft expiring within 30 days with a red badge, its state and fit count', async () => {
    await navigate(page, size, 'nav-eute-current', '/home/eute/current');
    await settled(page, 'Current donations');
    await page.getByTestId(size === 'desktop' ? 'graft-table' : 'graft-cards').waitFor();
    const graft = graftOf(page, lot);
    await graft.waitFor();
    expect(await graft.getByTestId('expiry-badge').getAttribute('data-urgency')).toBe('within30');
    expect(await graft.getByTestId('stock-state').textContent()).toBe('Free');
    expect(await graft.getByTestId('stock-fitting').textContent()).toMatch(/^\d+ entr(y|ies)$/);
    const expiries = await shownExpiries(page);
    expect(expiries, 'soonest expiry first').toEqual([...expiries].sort());
    await screenshot(page, `${size}-eute-stock`);
    await expectNoAxeViolations(page, `the bank's stock (${size})`);
    expectNoProblems(problems, 'on the stock');
  });

  it('orders by expiry the other way, and keeps the order in the URL', async () => {
    if (size === 'desktop') {
      await page.getByTestId('sort-expiry').click();
    } else {
      await page.getByTestId('stock-order').click();
      await page.getByRole('option', { name: 'Expiry, latest first' }).click();
    }
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-expiry');
    // Latest expiry first; the earlier page stays on screen until the new order arrives.
    await expect
      .poll(async () => {
        const expiries = await shownExpiries(page);
        return expiries.length > 1 && expiries.join() === [...expiries].sort().reverse().join();
      })
      .toBe(true);
    if (size === 'desktop') {
      await page.getByTestId('sort-expiry').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
      await graftOf(page, lot).waitFor();
    } else {
      await page.reload();
      await settled(page, 'Current donations');
      expect(await page.getByTestId('stock-order').inputValue()).toBe('Expiry, latest first');
    }
    expectNoProblems(problems, 'on ordering the stock');
  });

  it('opens the LOT’s page, which offers the upload', async () => {
    await page.goto('/home/eute/current?state=free');
    await settled(page, 'Current donations');
    await page.getByTestId(`details-${lot}`).first().click();
    await waitForPath(page, `/home/eute/donation/${encodeURIComponent(lot)}`);
    await page.getByTestId('graft-details').waitFor();
    await expectHeading(page, `Graft ${lot}`);
    expect(await page.getByTestId('graft-status').textContent()).toBe('Free');
    await page.getByTestId('upload-photos').waitFor();
    expect(await page.getByTestId('request-link').count()).toBe(0);
    await screenshot(page, `${size}-eute-stock-details`);
    await checkScreenOnce(page, `a stock graft's page (${size})`);
    expectNoProblems(problems, 'on the stock graft’s page');
  });
});
