import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseSingleEuropeanCode,
  utcDate,
  type Graft,
  type GraftRequest,
  type NotificationPreferences,
  type User,
  type VigilanceReport,
} from '@graftmatch/domain';
import { startSmtpSink, type SinkMail, type SmtpSink } from '../apps/server/test/support/mail';
import { closeNotification, settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';
import { startDemoServer, type DemoServer } from './support/server';

// Alerts in both directions (docs/api.md "Alerts"): the bank's employee has the app
// open on a phone while Dr. Berg, at her desk, confirms a reservation and then submits a serious
// adverse reaction's notification. Each time the bank's open page shows a toast within 5 s that
// names the lot and opens the right screen, and the bank's mail arrives at a real SMTP peer. Then
// the employee moves new requests to the daily digest in the settings.
//
// The shared server writes its mails to files; this journey runs a demo server of its own whose
// mails (the login PINs too) go by SMTP to a peer in this test.

const browser = sharedBrowser();

/** From a click until the bank's toast is on show (the promise). */
const TOAST_WITHIN_MS = 5_000;

interface Side {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

describe('alerts reach the bank at once: toast on its open page and mail', () => {
  let sink: SmtpSink;
  let server: DemoServer;
  let physician: Side;
  let bank: Side;
  let lot = '';

  const api = (email: string) => apiSession(server.baseUrl, sink, email);

  async function open(size: ViewportName, email: string): Promise<Side> {
    const side = await openContext(browser(), server.baseUrl, size);
    side.page.setDefaultTimeout(15_000);
    watchApi(side.page);
    await loginThroughUi(side.page, sink, email);
    return side;
  }

  /** The bank employee's one mail with this subject that names `text`, once the server has sent it. */
  async function bankMail(subject: string, text: string): Promise<SinkMail> {
    const wanted = (mail: SinkMail) =>
      mail.to.includes(DEMO.bankNorth) && mail.subject === subject && mail.text.includes(text);
    const mail = await sink.waitFor(wanted, 20_000);
    expect(sink.mails.filter(wanted), 'the bank employee’s mails of this event').toHaveLength(1);
    return mail;
  }

  /** The bank's toast that says `words`, waited for from `since` (ms) on for at most 5 s; answers how long it took. */
  async function toastWithin(words: string, since: number): Promise<{ toast: Locator; ms: number }> {
    const toast = bank.page.getByTestId('notification-toast').filter({ hasText: words });
    // At least 1 ms: Playwright takes a timeout of 0 as none.
    await toast.waitFor({ timeout: Math.max(1, since + TOAST_WITHIN_MS - Date.now()) });
    return { toast, ms: Date.now() - since };
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startDemoServer({ SMTP_URL: sink.url });
    // A free graft of bank North, requested by Dr. Berg and reserved for her.
    const [berg, north] = [await api(DEMO.berg), await api(DEMO.bankNorth)];
    lot = `AL-${Date.now().toString(36).toUpperCase()}`;
    const summary = await importFreeGrafts(north, [{ lot, diameter: '25.6', expiresInDays: 365 }], 'alerts.csv');
    expect(summary).toMatchObject({ inserted: 1, failed: 0 });
    const request = await berg.post<GraftRequest>('/physician/requests', { lot, patient_Code: 'A-04-2022' });
    await north.post(`/euteemployee/requests/${request.id}/reserve`, { hours: 24 });
    [physician, bank] = await Promise.all([open('desktop', DEMO.berg), open('phone', DEMO.bankNorth)]);
  }, 120_000);
  afterAll(async () => {
    await physician?.context.close();
    await bank?.context.close();
    await server?.stop();
    await sink?.close();
  });

  it('the physician confirms a reservation: the bank’s open home shows a toast within 5 s, and its mail arrives', async () => {
    // The bank's phone rests on its home (where the login left it).
    await settled(bank.page, /^Welcome/);
    const { page } = physician;
    await page.goto('/home/clinic/requests');
    await settled(page, 'My requests');
    await checkScreenOnce(page, 'the physician’s requests');
    const card = page.locator(`[data-testid="request-card"][data-lot="${lot}"]`);
    expect(await card.getByTestId('request-state').getAttribute('data-state')).toBe('reserved');
    await card.getByTestId('step-confirm').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, 'the confirm dialog');

    const clicked = Date.now();
    await dialog.getByTestId('step-submit').click();
    const { toast, ms } = await toastWithin(`confirmed the reservation of graft ${lot}`, clicked);
    console.info(`alerts: the confirmation's toast showed ${ms} ms after the click`);
    expect(await toast.textContent()).toContain(
      `confirmed the reservation of graft ${lot}. Please assign and ship it.`,
    );
    await dialog.waitFor({ state: 'detached' });
    await expectNoAxeViolations(bank.page, 'the bank’s home with a toast (phone)');
    await screenshot(bank.page, 'phone-alert-confirmed-toast');

    // Its link opens the requests inbox, where the graft waits to be assigned.
    await toast.getByTestId('notification-toast-open').click();
    await waitForPath(bank.page, '/home/eute/requests');
    await settled(bank.page, 'Requests and candidates');
    await checkScreenOnce(bank.page, 'the bank’s inbox (phone)');
    await toast.waitFor({ state: 'detached' });
    const theirs = bank.page.locator(`[data-testid="inbox-graft"][data-lot="${lot}"] [data-testid="request-card"]`);
    await expect.poll(() => theirs.getByTestId('request-state').getAttribute('data-state')).toBe('confirmed');

    // Lena Hansen's account speaks English: the mail is in English, with the link to the inbox.
    const mail = await bankMail('GraftMatch: Reservation confirmed', lot);
    expect(mail.text).toContain(`confirmed the reservation of lot ${lot}: please assign and ship it.`);
    expect(mail.text).toContain(`${server.baseUrl}/home/eute/requests`);
    expectNoProblems(physician.problems, 'on the confirmation');
    expectNoProblems(bank.problems, 'on the confirmation’s toast');
  });

  it('the physician submits a SAR notification: the bank’s open page shows a toast within 5 s that opens the report, and its mail arrives', async () => {
    // An implanted demo graft of bank North at Dr. Berg's clinic, and her draft report on it.
    const [berg, north] = [await api(DEMO.berg), await api(DEMO.bankNorth)];
    const clinic = (await berg.get<User>('/users/getmyuser')).clinics[0]?.c_Name;
    const archive = await north.get<Graft[]>('/euteemployee/donationsarchiv?limit=500');
    const implanted = archive.find(
      (graft) =>
        graft.implantation.status === 1 &&
        graft.c_Name === clinic &&
        graft.x_SEC !== null &&
        !('error' in parseSingleEuropeanCode(graft.x_SEC)),
    );
    expect(implanted, 'an implanted demo graft of bank North at Dr. Berg’s clinic').toBeDefined();
    const reported = implanted!.e_Lot;
    const draft = await berg.post<VigilanceReport>('/vigilance/reports', {
      kind: 'SAR',
      lot: reported,
      description: 'Fever and positive blood cultures four days after implantation.',
    });

    // The bank hears of the report's start too; it closes that toast, which would cover the header.
    await closeNotification(bank.page, `Vigilance: graft ${reported} (SAR report started)`);

    const { page } = physician;
    await page.goto(`/home/vigilance/${draft.id}`);
    await settled(page, /^SAR report /);
    await page.getByTestId('field-reactionDate').fill(utcDate(new Date()));
    await page.getByTestId('field-reactionType').fill('Suspected transmission of a bacterial infection');
    await choose(page, 'field-imputability', 'Possible');
    await choose(page, 'field-severity', 'Serious');
    await page.getByTestId('field-mitigatingMeasures').fill('Recipient treated with antibiotics.');
    await checkScreenOnce(page, 'the report, part A');
    await page.getByTestId('submit-notification').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, 'the submit dialog');

    const clicked = Date.now();
    await dialog.getByTestId('confirm-step').click();
    // Not the toast of the report's start (the draft): the submission's, naming the lot.
    const { toast, ms } = await toastWithin('submitted the SAR notification', clicked);
    console.info(`alerts: the SAR notification's toast showed ${ms} ms after the click`);
    expect(await toast.textContent()).toContain(`Vigilance: graft ${reported}`);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('vigilance-state').first().textContent()).toBe('Notified');

    // Its link opens the report on the bank's phone.
    await toast.getByTestId('notification-toast-open').click();
    await waitForPath(bank.page, `/home/vigilance/${draft.id}`);
    await settled(bank.page, /^SAR report /);
    await expect.poll(() => bank.page.getByTestId('vigilance-state').first().textContent()).toBe('Notified');
    await checkScreenOnce(bank.page, 'the report (phone)');
    await screenshot(bank.page, 'phone-alert-sar-report');

    const mail = await bankMail('GraftMatch: SAR notification submitted', reported);
    expect(mail.text).toContain(`submitted the SAR notification on lot ${reported}.`);
    expect(mail.text).toContain(`${server.baseUrl}/home/vigilance/${draft.id}`);
    expectNoProblems(physician.problems, 'on the SAR notification');
    expectNoProblems(bank.problems, 'on the SAR notification’s toast');
  });

  it('the bank employee moves “New requests for my bank” to the daily digest; push on this device is offered', async () => {
    const { page } = bank;
    await page.getByTestId('user-menu').click();
    await page.getByTestId('settings-link').click();
    await waitForPath(page, '/home/settings');
    await settled(page, 'Settings');
    const alerts = page.getByRole('region', { name: 'Alerts' });
    const form = alerts.getByTestId('alert-preferences');
    await form.waitFor();
    await checkScreenOnce(page, 'the settings with alerts (phone)');
    await screenshot(page, 'phone-alert-settings');

    // A bank's events, each with its channels; the defaults: push on, mail at once.
    const legends = await form.locator('fieldset > legend').allTextContents();
    expect(legends).toEqual(['New requests for my bank', "Changes to my bank's requests", 'Vigilance', 'Reminders']);
    const requests = form.getByRole('group', { name: 'New requests for my bank' });
    const mail = requests.getByRole('combobox', { name: 'Mail' });
    expect(await requests.getByRole('switch', { name: 'Push to my devices' }).isChecked()).toBe(true);
    expect(await mail.inputValue()).toBe('now');
    expect(await requests.getByTestId('alert-clock-bankRequest').textContent()).toContain('Has a deadline');

    await mail.selectOption({ label: 'In the daily digest' });
    await form.getByRole('button', { name: 'Save' }).click();
    await closeNotification(page, 'Alert settings saved.');
    const stored = await (await api(DEMO.bankNorth)).get<NotificationPreferences>('/me/notification-preferences');
    expect(stored.events.bankRequest).toEqual({ push: true, mail: 'digest' });
    await page.reload();
    await settled(page, 'Settings');
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'New requests for my bank' })
          .getByRole('combobox', { name: 'Mail' })
          .inputValue(),
      )
      .toBe('digest');

    // Push on this device: headless Chromium may offer it, block it or lack it; never half a state.
    const push = page.getByRole('region', { name: 'Push on this device' });
    const state = push
      .getByTestId('push-turn-on')
      .or(push.getByTestId('push-denied'))
      .or(push.getByTestId('push-unsupported'));
    await state.waitFor();
    expect(await state.count()).toBe(1);
    await push.getByTestId('push-devices-empty').waitFor();
    expect(await push.getByTestId('push-devices-empty').textContent()).toBe(
      'No device receives your push messages yet.',
    );
    expectNoProblems(bank.problems, 'on the alert settings');
  });
});

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
