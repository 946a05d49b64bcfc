import type { Graft, GraftRequest } from '@graftmatch/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiIdle, closeNotification, settled, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { withoutRefusals } from './support/forms';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

// Screens that say what happened and read the same everywhere: a refused file in amber with the
// server's reason, a form's error inline only and gone at the next edit, one date-time format, a
// skip link, a hint dismissed for good, the settings page and the test alert's count.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

/** The toasts on show (Mantine's notifications). */
const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/** English on this device, whatever the account's language: the steps read English texts. */
async function englishHere(page: Page) {
  await page.evaluate(() => localStorage.setItem('graftmatch.language', 'en'));
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
}

describe.each<ViewportName>(['desktop', 'phone'])('screens that say what happened at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let donationLot = '';
  let reservedLot = '';

  beforeAll(async () => {
    const [physician, bank] = [
      await apiSession(baseUrl, dataDir, DEMO.kaya),
      await apiSession(baseUrl, dataDir, DEMO.bankNorth),
    ];
    donationLot = (await bank.get<Graft[]>('/euteemployee/currentdonations'))[0]?.e_Lot ?? '';
    expect(donationLot, 'bank North has a current donation').not.toBe('');
    // A graft reserved for Dr. Kaya, so her requests show a deadline.
    reservedLot = `SD-${size === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;
    const summary = await importFreeGrafts(
      bank,
      [{ lot: reservedLot, diameter: '28.4', expiresInDays: 300 }],
      'screens.csv',
    );
    expect(summary).toMatchObject({ inserted: 1, failed: 0 });
    const request = await physician.post<GraftRequest>('/physician/requests', {
      lot: reservedLot,
      patient_Code: size === 'phone' ? 'S-01-2021' : 'S-02-2021',
    });
    await bank.post(`/euteemployee/requests/${request.id}/reserve`, { hours: 30 });
    // The hint journey starts from a user who has not dismissed it.
    await physician.patch('/users/settings', { dismissedHints: [] });
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(15_000);
    watchApi(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the login error names the e-mail address as its field does, and the attempts left once', async () => {
    await page.goto('/login');
    await englishHere(page);
    await page.reload();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(DEMO.kaya);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not her password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.getByTestId('form-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text).toMatch(/^Wrong e-mail address or password\. \d attempts? left before the account is locked/);
    expect(text.match(/attempts? left/g)).toHaveLength(1);
    expect(await toasts(page).count()).toBe(0);
    await screenshot(page, `${size}-screens-login-error`);
    // The message goes as the person corrects the password.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo');
    await error.waitFor({ state: 'detached' });
    expect(withoutRefusals(problems, 401)).toEqual([]);
  });

  it('the skip link is the first tab stop and moves focus to the page', async () => {
    await loginThroughUi(page, dataDir, DEMO.kaya);
    // A fresh load: sequential focus starts at the top of the document.
    await page.reload();
    await settled(page, /^Welcome, /);
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await skip.textContent()).toBe('Skip to main content');
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0, 'the focused skip link is on screen').toBe(true);
    await screenshot(page, `${size}-screens-skip-link`);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // Out of focus it is out of sight.
    const hidden = await skip.boundingBox();
    expect(hidden === null || hidden.y + hidden.height <= 0).toBe(true);
    expectNoProblems(problems, 'on the skip link');
  });

  it('the request deadline is shown as yyyy-mm-dd HH:mm', async () => {
    await page.goto('/home/clinic/requests');
    await settled(page, 'My requests');
    const deadline = page
      .locator(`[data-testid="request-card"][data-lot="${reservedLot}"]`)
      .getByTestId('request-deadline');
    await deadline.waitFor();
    const text = (await deadline.textContent()) ?? '';
    expect(text).toMatch(/Reserved until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}|AM|PM/);
    const until = new Date(Date.now() + 30 * 3_600_000).toISOString();
    expect(text).toContain(until.slice(0, 10));
    await checkScreenOnce(page, `my requests (${size})`);
    await screenshot(page, `${size}-screens-deadline`);
    expectNoProblems(problems, 'on the requests');
  });

  it('the “How it works” hint stays dismissed after logging out and in again', async () => {
    await page.goto('/home/clinic/search');
    const hint = page.getByTestId('hint-banner');
    await hint.waitFor();
    await checkScreenOnce(page, `search (${size})`);
    await hint.getByRole('button', { name: 'Dismiss hint' }).click();
    await hint.waitFor({ state: 'detached' });
    await apiIdle(page);
    await logOut(page);
    // Another device: nothing of this browser's storage is left.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await englishHere(page);
    await loginThroughUi(page, dataDir, DEMO.kaya);
    await page.goto('/home/clinic/search');
    await settled(page, 'Search grafts');
    expect(await page.getByTestId('hint-banner').count()).toBe(0);
    expectNoProblems(problems, 'after dismissing the hint');
  });

  it('the settings page, from the user menu, keeps the match-mail switch over a reload', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('settings-link').click();
    await waitForPath(page, '/home/settings');
    await settled(page, 'Settings');
    const toggle = page.getByTestId('match-mails-switch');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    const before = await toggle.isChecked();
    await checkScreenOnce(page, `settings (${size})`);
    await screenshot(page, `${size}-screens-settings`);
    await toggle.click({ force: true });
    await closeNotification(page, 'Setting saved.');
    await page.reload();
    await settled(page, 'Settings');
    await expect.poll(() => page.getByTestId('match-mails-switch').isEnabled()).toBe(true);
    expect(await page.getByTestId('match-mails-switch').isChecked()).toBe(!before);
    // Back as the demo has it, for the other journeys.
    await page.getByTestId('match-mails-switch').click({ force: true });
    await closeNotification(page, 'Setting saved.');
    expect(await page.getByTestId('match-mails-switch').isChecked()).toBe(before);
    // The password page no longer carries it.
    await page.goto('/home/password');
    await settled(page, 'Change password');
    await checkScreenOnce(page, `change password (${size})`);
    expect(await page.getByTestId('match-mails-switch').count()).toBe(0);
    expectNoProblems(problems, 'on the settings page');
    await logOut(page);
  });

  it('a PDF dropped on Photos is “File not accepted” in amber, with the server’s reason', async () => {
    await loginThroughUi(page, dataDir, DEMO.bankNorth);
    await page.goto(`/home/eute/donation/${donationLot}`);
    const photos = page.getByTestId('media-photos');
    await photos.waitFor();
    await apiIdle(page);
    await checkScreenOnce(page, `donation details (${size})`);
    const pdf = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(['%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'], 'leaflet.pdf', { type: 'application/pdf' }),
      );
      return transfer;
    });
    await page.getByTestId('upload-photos').dispatchEvent('drop', { dataTransfer: pdf });
    const toast = toasts(page).filter({ hasText: 'File not accepted' });
    await toast.waitFor();
    const text = (await toast.textContent()) ?? '';
    expect(text).not.toContain('Something went wrong');
    expect(text.replace('File not accepted', '').trim().length, 'the server’s reason follows').toBeGreaterThan(10);
    expect(await toast.getAttribute('style')).toContain('yellow');
    expect(await toasts(page).count(), 'one toast, not two').toBe(1);
    await screenshot(page, `${size}-screens-file-not-accepted`);
    await toast.getByRole('button').click();
    expect(withoutRefusals(problems, 415)).toEqual([]);
    await logOut(page);
  });

  it('a clinic name that is taken shows inline, without a toast, and the error goes on the next edit', async () => {
    await loginThroughUi(page, dataDir, DEMO.admin);
    await page.goto('/home/admin/clinics');
    const taken = await page.getByTestId('clinic-row').first().getAttribute('data-name');
    expect(taken).toBeTruthy();
    await page.getByTestId('clinic-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add clinic' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(taken ?? '');
    await dialog.getByTestId('clinic-submit').click();
    const error = dialog.getByTestId('clinic-form-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('already exists');
    await apiIdle(page);
    expect(await toasts(page).count(), 'no toast besides the inline message').toBe(0);
    await checkScreenOnce(page, `add clinic with an error (${size})`);
    await screenshot(page, `${size}-screens-inline-error`);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${taken ?? ''} Süd`);
    await error.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(withoutRefusals(problems, 409)).toEqual([]);
  });

  it('the test alert tells the admin how many users were connected', async () => {
    await page.goto('/home/admin/users');
    await page.getByTestId('test-alert-open').click();
    const dialog = page.getByRole('dialog', { name: 'Send test alert' });
    await dialog.waitFor();
    await checkScreenOnce(page, `send test alert (${size})`);
    await dialog.getByTestId('test-alert-send').click();
    const toast = toasts(page).filter({ hasText: 'Test alert sent' });
    await toast.waitFor();
    const match = /Test alert sent: (\d+) users? (?:was|were) connected and saw it at once; (\d+) find it/.exec(
      (await toast.textContent()) ?? '',
    );
    await screenshot(page, `${size}-screens-test-alert`);
    // The admin is connected too, so the alert itself comes to this browser as well.
    const alert = page.getByTestId('push-alert');
    await alert.waitFor();
    await checkScreenOnce(page, `the test alert (${size})`);
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });
    expect(match, 'the count is told').not.toBeNull();
    // The admin's own browser is connected at least.
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(Number(match?.[1]));
    expectNoProblems(problems, 'on the test alert');
  });
});
