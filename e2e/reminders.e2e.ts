import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatInstantInZone, type GraftRequest } from '@graftmatch/domain';
import { runCli, type Finished } from '../apps/server/test/support/process';
import { settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';
import { waitForOutboxMail } from './support/outbox';

// Reminders (docs/operations.md "Jobs"): bank North reserves a graft for Dr. Berg for one hour,
// so its deadline is within the last threshold; the operator runs the request reminders from
// the command line, as the server's scheduler would within five minutes. At her next login the
// bell counts the reminder and the centre says when the reservation ends, in the app's date
// format; the same sentence reaches her by mail, with the link to her requests.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const serverEnv = inject('serverEnv');
const browser = sharedBrowser();

/** A new free graft of bank North, requested by Dr. Berg and reserved for her for one hour. */
async function reservedForAnHour(): Promise<GraftRequest> {
  const [physician, bank] = [
    await apiSession(baseUrl, dataDir, DEMO.berg),
    await apiSession(baseUrl, dataDir, DEMO.bankNorth),
  ];
  const lot = `RM-${Date.now().toString(36).toUpperCase()}`;
  const summary = await importFreeGrafts(bank, [{ lot, diameter: '26.4', expiresInDays: 365 }], 'reminder.csv');
  expect(summary).toMatchObject({ inserted: 1, failed: 0 });
  const request = await physician.post<GraftRequest>('/physician/requests', { lot, patient_Code: 'R-03-2021' });
  return bank.post<GraftRequest>(`/euteemployee/requests/${request.id}/reserve`, { hours: 1 });
}

/** `graftmatch jobs run NAME` on the server's database; again while the server's scheduler runs the same job. */
async function runJob(name: string): Promise<Finished> {
  for (let attempt = 0; ; attempt += 1) {
    const done = await runCli(['jobs', 'run', name], serverEnv, 60_000);
    if (done.code === 0 || !done.stderr.includes('running elsewhere') || attempt === 10) {
      return done;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a reservation due within the hour', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let reserved: GraftRequest;
  let lot = '';
  let sentence = '';

  beforeAll(async () => {
    reserved = await reservedForAnHour();
    lot = reserved.lot;
    // In the clinic's zone (the demo clinics are in Berlin), as the app shows it there.
    const deadline = formatInstantInZone(reserved.deadline as string, 'Europe/Berlin', 'en');
    sentence = `Your reservation of graft ${lot} ends at ${deadline} (within 1 hour): confirm it, or it lapses.`;
    const done = await runJob('request-reminders');
    expect(done.code, done.stdout + done.stderr).toBe(0);
    ({ context, page, problems } = await openContext(browser(), baseUrl, 'desktop'));
    page.setDefaultTimeout(15_000);
    watchApi(page);
    await loginThroughUi(page, dataDir, DEMO.berg);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  const reminderOf = (): Locator =>
    page.locator('[data-testid="notification"][data-kind="reminder"]').filter({ hasText: lot });

  it('the bell counts the reminder, and the centre says when the reservation ends', async () => {
    const bell = page.getByTestId('notification-bell');
    await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    expect(await bell.getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    await waitForPath(page, '/home/notifications');
    await settled(page, 'Notifications');
    await checkScreenOnce(page, 'the notification centre with a reminder');

    const reminder = reminderOf();
    expect(await reminder.count()).toBe(1);
    expect(await reminder.textContent()).toContain(`Reminder: ${sentence}`);
    expect(await reminder.getAttribute('data-unread')).toBe('true');
    await screenshot(page, 'desktop-reminder-notification');
  });

  it('the reminder leads to the request, counting down in red', async () => {
    await reminderOf().getByTestId('notification-open').click();
    await waitForPath(page, '/home/clinic/requests');
    await settled(page, 'My requests');
    await checkScreenOnce(page, 'the physician’s requests after a reminder');
    const card = page.locator(`[data-testid="request-card"][data-lot="${lot}"]`);
    expect(await card.getByTestId('request-state').getAttribute('data-state')).toBe('reserved');
    expect(await card.getByTestId('request-deadline').getAttribute('data-urgency')).toBe('urgent');
    expectNoProblems(problems, 'following a reminder');
  });

  it('the same reminder reaches her by mail, with the link to her requests', async () => {
    // Not the bank's mail that told of the reservation: the reminder, which names the hour.
    const mail = await waitForOutboxMail(
      dataDir,
      (one) => one.to.includes(DEMO.berg) && one.subject.startsWith('GraftMatch reminder') && one.text.includes(lot),
    );
    expect(mail.subject).toMatch(/^GraftMatch reminder: requests and reservations \(\d+\)$/);
    expect(mail.text).toContain(`- ${sentence}\n  ${baseUrl}/home/clinic/requests`);
  });
});
