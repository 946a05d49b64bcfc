import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shiftDate, utcDate, type GraftRequest } from '@graftmatch/domain';
import { settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

// The notification centre (docs/api.md "Notifications"): Dr. Kaya has no browser open, so no push
// connection, while bank North reserves a graft she requested and imports a graft that fits her
// waiting list. At her next login the bell counts both and the centre lists them unread; marking
// them read survives a reload; the reservation's link leads to the request counting down. Her
// account speaks German, so the app does too.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

/** While Dr. Kaya is away: her entry, an import with a graft fitting it, and a reservation of another graft for her. */
async function whileAway(size: ViewportName): Promise<{ matchLot: string; reservedLot: string }> {
  const [physician, bank] = [
    await apiSession(baseUrl, dataDir, DEMO.kaya),
    await apiSession(baseUrl, dataDir, DEMO.bankNorth),
  ];
  const today = utcDate(new Date());
  const suffix = `${size === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  const matchLot = `NM-${suffix}`;
  const reservedLot = `NR-${suffix}`;
  await physician.post('/physician/waitinglist', {
    query_type: 5,
    // Each size its own diameters, so the other size's entry does not fit its graft.
    query_d_min: size === 'phone' ? 24 : 23,
    query_d_max: size === 'phone' ? 24.5 : 23.5,
    query_l_min: 30,
    query_l_l_min: 0,
    query_l_r_min: 0,
    patient_Code: size === 'phone' ? 'K-07-2020' : 'K-08-2020',
    query_i_min: shiftDate(today, 10),
    query_i_Max: shiftDate(today, 70),
  });
  const summary = await importFreeGrafts(
    bank,
    [
      { lot: matchLot, diameter: size === 'phone' ? '24.2' : '23.2', expiresInDays: 365 },
      { lot: reservedLot, diameter: '27.8', expiresInDays: 365 },
    ],
    'away.csv',
  );
  expect(summary).toMatchObject({ inserted: 2, failed: 0 });

  const request = await physician.post<GraftRequest>('/physician/requests', {
    lot: reservedLot,
    patient_Code: size === 'phone' ? 'K-09-2020' : 'K-10-2020',
  });
  await bank.post(`/euteemployee/requests/${request.id}/reserve`, { hours: 5 });
  return { matchLot, reservedLot };
}

const itemOf = (page: Page, lot: string): Locator => page.getByTestId('notification').filter({ hasText: lot });
const unreadOf = (item: Locator) => item.getAttribute('data-unread');

describe.each<ViewportName>(['desktop', 'phone'])('notifications waiting at the next login at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let lots: { matchLot: string; reservedLot: string };

  beforeAll(async () => {
    lots = await whileAway(size);
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(15_000);
    watchApi(page);
    await loginThroughUi(page, dataDir, DEMO.kaya);
  }, 90_000);
  afterAll(async () => {
    await context?.close();
  });

  it('the bell counts both, and the centre lists the reservation and the match, unread, newest first', async () => {
    const bell = page.getByTestId('notification-bell');
    await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBeGreaterThanOrEqual(2);
    // Her account's language arrives with her profile, which may come after the count.
    await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Benachrichtigungen, \d+ ungelesen$/);
    await bell.click();
    await waitForPath(page, '/home/notifications');
    await settled(page, 'Benachrichtigungen');
    await checkScreenOnce(page, `the notification centre (${size})`);

    const reserved = itemOf(page, lots.reservedLot);
    const match = itemOf(page, lots.matchLot);
    expect(await reserved.textContent()).toMatch(
      new RegExp(`den Graft ${lots.reservedLot} bis \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC für Sie reserviert`),
    );
    expect(await match.textContent()).toContain(`Der Graft ${lots.matchLot} passt zu Ihrem Wartelisteneintrag`);
    expect([await unreadOf(reserved), await unreadOf(match)]).toEqual(['true', 'true']);
    const order = await page
      .getByTestId('notification')
      .evaluateAll(
        (nodes, wanted) => nodes.map((n) => wanted.find((lot) => n.textContent?.includes(lot))),
        [lots.reservedLot, lots.matchLot],
      );
    expect(order.filter(Boolean)).toEqual([lots.reservedLot, lots.matchLot]);
    await screenshot(page, `${size}-notifications-unread`);
  });

  it('marking one and then all read survives a reload, and the bell goes down', async () => {
    const before = Number(await page.getByTestId('notification-bell').getAttribute('data-count'));
    // By keyboard: the match's own button, then "Alle als gelesen markieren".
    await itemOf(page, lots.matchLot).getByTestId('notification-read').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => unreadOf(itemOf(page, lots.matchLot))).toBe('false');
    await expect
      .poll(async () => Number(await page.getByTestId('notification-bell').getAttribute('data-count')))
      .toBe(before - 1);
    await page.getByTestId('notifications-mark-all').click();
    await expect.poll(() => unreadOf(itemOf(page, lots.reservedLot))).toBe('false');

    await page.reload();
    await settled(page, 'Benachrichtigungen');
    expect([await unreadOf(itemOf(page, lots.reservedLot)), await unreadOf(itemOf(page, lots.matchLot))]).toEqual([
      'false',
      'false',
    ]);
    await screenshot(page, `${size}-notifications-read`);
  });

  it('the reservation leads to the request, counting down in amber in the app’s date format', async () => {
    await itemOf(page, lots.reservedLot).getByTestId('notification-open').click();
    await waitForPath(page, '/home/clinic/requests');
    await settled(page, 'Meine Anfragen');
    await checkScreenOnce(page, `the physician’s requests (${size})`);
    const card = page.locator(`[data-testid="request-card"][data-lot="${lots.reservedLot}"]`);
    const deadline = card.getByTestId('request-deadline');
    expect(await deadline.getAttribute('data-urgency')).toBe('soon');
    expect(await deadline.textContent()).toMatch(/Reserviert bis \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(await deadline.textContent()).toMatch(/noch [45] Std\.,? \d+ Min\./);
    await screenshot(page, `${size}-request-countdown`);
    expectNoProblems(problems, 'in the notification centre');
  });
});
