import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeNotification, settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, apiSession, loginThroughUi } from './support/login';

// Graft requests (docs/api.md): a physician and a tissue-bank employee, each in a browser of their own, walk a graft
// from request to implantation; each sees the other's step arrive without reloading.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

const NORTH = 'Gewebebank Nord gGmbH';
const SEARCH = '/home/clinic/search/aortic_valve?d_min=15&d_max=25&l_min=10&l_l_min=0&l_r_min=0';

interface Side {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(size: ViewportName, email: string): Promise<Side> {
  const side = await openContext(browser(), baseUrl, size);
  side.page.setDefaultTimeout(15_000);
  watchApi(side.page);
  await loginThroughUi(side.page, dataDir, email);
  return side;
}

/** Opens a step's dialog on `card`, checks it with axe, fills it if asked, and confirms it. */
async function takeStep(
  page: Page,
  card: Locator,
  action: string,
  label: string,
  fill?: (dialog: Locator) => Promise<void>,
) {
  await card.getByTestId(`step-${action}`).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await checkScreenOnce(page, `${label} dialog`);
  await fill?.(dialog);
  await dialog.getByTestId('step-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

const stateOf = (card: Locator) => card.getByTestId('request-state').getAttribute('data-state');

describe.each<ViewportName>(['desktop', 'phone'])('a graft from request to implantation at %s size', (size) => {
  let physician: Side;
  let bank: Side;
  let lot = '';

  beforeAll(async () => {
    [physician, bank] = await Promise.all([open(size, DEMO.berg), open(size, DEMO.bankNorth)]);
  }, 60_000);
  afterAll(async () => {
    await physician?.context.close();
    await bank?.context.close();
  });

  it('the physician requests a free graft of bank North in the app; the bank’s inbox shows it at once', async () => {
    await bank.page.goto('/home/eute/requests');
    await settled(bank.page, 'Requests and candidates');
    await checkScreenOnce(bank.page, `the bank’s inbox (${size})`);

    const { page } = physician;
    await page.goto(SEARCH);
    // A demo graft of bank North (other journeys import grafts of their own, which fit no entry of Dr. Berg's).
    const results = page
      .getByTestId(size === 'desktop' ? 'graft-row' : 'graft-card')
      .filter({ hasText: NORTH })
      .filter({ hasText: /EB1-\d{4}-\d{4}/ });
    await results.first().waitFor();
    lot = (await results.first().getAttribute('data-lot')) ?? '';
    expect(lot).not.toBe('');
    await page.getByTestId(`request-in-app-${lot}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, `request dialog (${size})`);
    // Dr. Berg's waiting-list entry that the graft fits is chosen already, named with its type.
    expect(await dialog.getByTestId('request-entry').inputValue()).toMatch(/^Aortic valve · .*[A-Z]-\d{2}-\d{4}/);
    await dialog.getByRole('textbox', { name: 'Note for the tissue bank' }).fill('Ross procedure next week');
    await dialog.getByTestId('request-send').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId(`requested-${lot}`).waitFor();

    const graft = bank.page.locator(`[data-testid="inbox-graft"][data-lot="${lot}"]`);
    await graft.waitFor();
    await graft.getByTestId('candidate').first().waitFor();
    // The request comes with its patient: ranked once, under the entry's patient code, never as "n.d.".
    const requested = graft.getByTestId('candidate').filter({ hasText: 'requested' });
    expect(await requested.count()).toBe(1);
    expect(await requested.textContent()).toMatch(/[A-Z]-\d{2}-\d{4}/);
    await screenshot(bank.page, `${size}-requests-inbox`);
    expectNoProblems(physician.problems, 'on the request');
    expectNoProblems(bank.problems, 'on the inbox');
  }, 120_000);

  it('reserve → confirm → assign → deliver → implant, each side seeing the other’s step live', async () => {
    await physician.page.goto('/home/clinic/requests');
    await settled(physician.page, 'My requests');
    await checkScreenOnce(physician.page, `the physician’s requests (${size})`);
    const mine = physician.page.locator(`[data-testid="request-card"][data-lot="${lot}"]`).first();
    const theirs = bank.page.locator(`[data-testid="inbox-graft"][data-lot="${lot}"] [data-testid="request-card"]`);
    expect(await stateOf(mine)).toBe('requested');

    const bell = physician.page.getByTestId('notification-bell');
    const unreadBefore = Number(await bell.getAttribute('data-count'));
    await takeStep(bank.page, theirs, 'reserve', `reserve (${size})`);
    await expect.poll(() => stateOf(mine)).toBe('reserved');
    // The physician is told at once, by a toast that stays until closed, naming lot and deadline,
    // and the bell counts it without a reload.
    await closeNotification(physician.page, `reserved graft ${lot} for you until`);
    await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBe(unreadBefore + 1);
    await mine.getByTestId('request-deadline').waitFor();
    await screenshot(physician.page, `${size}-requests-reserved`);

    await takeStep(physician.page, mine, 'confirm', `confirm (${size})`);
    await expect.poll(() => stateOf(theirs)).toBe('confirmed');

    await takeStep(bank.page, theirs, 'assign', `assign (${size})`);
    await expect.poll(() => stateOf(mine)).toBe('assigned');

    // The delivery says how the graft travels, for the traceability report.
    await takeStep(bank.page, theirs, 'deliver', `deliver (${size})`, async (dialog) => {
      await dialog.getByTestId('delivery-carrier').fill('MedCourier Berlin');
      await dialog.getByTestId('delivery-reference').fill(`MC-${size}-0042`);
    });
    await expect.poll(() => stateOf(mine)).toBe('delivered');
    await closeNotification(physician.page, `delivered graft ${lot}`);
    // The physician's card shows what was sent.
    await mine.getByText(`MedCourier Berlin, reference MC-${size}-0042`).waitFor();

    // The package's code, as a keyboard-wedge scanner would type it (the camera is in scan.e2e.ts).
    const berg = await apiSession(baseUrl, dataDir, DEMO.berg);
    const graft = await berg.get<{ x_SEC: string | null }>(`/grafts/by-code/${encodeURIComponent(lot)}`);
    // The request has no waiting-list entry, so the implantation names the patient itself.
    await takeStep(physician.page, mine, 'implant', `implant (${size})`, async (dialog) => {
      await dialog.getByTestId('scan-input').fill(graft.x_SEC ?? lot);
      await dialog.getByRole('textbox', { name: 'Initial' }).fill('B');
      await dialog.getByRole('textbox', { name: 'Birth month' }).fill('4');
      await dialog.getByRole('textbox', { name: 'Birth year' }).fill('2019');
      // The request's window lies ahead: the first press asks, the second records it as outside the window.
      await dialog.getByTestId('step-submit').click();
      await dialog.getByText(/lies outside the implant window .* Record anyway\?/).waitFor();
    });
    await expect.poll(() => stateOf(mine)).toBe('implanted');
    await mine.getByTestId('implanted-outside-window').waitFor();
    // The loop is closed: the bank's inbox lets the graft go.
    await bank.page.locator(`[data-testid="inbox-graft"][data-lot="${lot}"]`).waitFor({ state: 'detached' });
    await screenshot(physician.page, `${size}-requests-implanted`);
    await screenshot(bank.page, `${size}-requests-inbox-after`);
    expectNoProblems(physician.problems, 'on the physician’s steps');
    expectNoProblems(bank.problems, 'on the bank’s steps');
  }, 180_000);
});
