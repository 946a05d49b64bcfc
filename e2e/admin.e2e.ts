import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeNotification, expectHeading, navigate } from './support/app';
import { openContext, sharedBrowser, screenshot } from './support/browser';
import { checkScreenOnce, expectNoProblems, expectNoAxeViolations } from './support/checks';
import { chooseLanguage, expectNoServerNames, fieldError, withoutRefusals } from './support/forms';
import { DEMO, loginThroughUi, waitForPath } from './support/login';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/**
 * The administration journey: an admin manages users, clinics and tissue banks and reads the
 * audit log; an auditor reads without change buttons; a physician has no access. Everything the
 * admin creates is its own (unique per run) and deactivated again; the demo accounts stay as they are.
 */
describe('admin journey at desktop size', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const run = Date.now().toString(36);
  const email = `e2e.admin.${run}@clinic.example`;
  const clinicName = `E2E Klinik ${run}`;
  const userName = `Mia Adler${run}`;

  beforeAll(async () => {
    ({ context, page, problems } = await openContext(browser(), baseUrl, 'desktop'));
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('logs in and lists the users', async () => {
    await loginThroughUi(page, dataDir, DEMO.admin);
    await waitForPath(page, '/home');
    await navigate(page, 'desktop', 'nav-admin-users', '/home/admin/users');
    await expectHeading(page, 'Users');
    await page.getByTestId('user-row').first().waitFor();
    expect(await page.locator(`[data-testid="user-row"][data-email="${DEMO.berg}"]`).count()).toBe(1);
    await expectNoAxeViolations(page, 'admin users (desktop)');
    await screenshot(page, 'desktop-admin-users');
    expectNoProblems(problems, 'on the users list');
  });

  it('adds a clinic of its own, which is selected', async () => {
    await navigate(page, 'desktop', 'nav-admin-clinics', '/home/admin/clinics');
    await expectHeading(page, 'Clinics');
    await page.getByTestId('clinic-row').first().waitFor();
    await checkScreenOnce(page, 'clinics');
    await page.getByTestId('clinic-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add clinic' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(clinicName);
    await checkScreenOnce(page, 'adding a clinic');
    await dialog.getByTestId('clinic-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await closeNotification(page, `Clinic ${clinicName} added.`);
    await expect.poll(() => page.getByTestId('clinic-detail-name').textContent()).toBe(clinicName);
    await page.locator(`[data-testid="clinic-row"][data-name="${clinicName}"][data-selected]`).waitFor();
    expectNoProblems(problems, 'on adding a clinic');
  });

  it('adds a user with that clinic, sees it selected, and edits its phone', async () => {
    await navigate(page, 'desktop', 'nav-admin-users', '/home/admin/users');
    await page.getByTestId('user-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Mia');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Adler${run}`);
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    expect(await dialog.getByRole('textbox', { name: 'PIN goes to' }).inputValue()).toBe(email);
    await checkScreenOnce(page, 'adding a user');
    await dialog.getByLabel('Clinics', { exact: true }).click();
    await page.getByRole('option', { name: clinicName }).click();
    await dialog.getByTestId('user-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await closeNotification(page, `An invitation mail with a link to set the password was sent to ${email}`);
    await expect.poll(() => page.getByTestId('user-detail-name').textContent()).toBe(userName);
    expect(await page.getByTestId('user-detail-clinics').textContent()).toBe(clinicName);
    await page.locator(`[data-testid="user-row"][data-email="${email}"][data-selected]`).waitFor();

    await page.getByTestId('user-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByRole('textbox', { name: 'Phone' }).fill('+49 30 555 0199');
    await checkScreenOnce(page, 'editing a user');
    await edit.getByTestId('user-submit').click();
    await edit.waitFor({ state: 'detached' });
    await closeNotification(page, `User ${userName} saved.`);
    await expect.poll(() => page.getByTestId('user-detail-phone').textContent()).toBe('+49 30 555 0199');
    expectNoProblems(problems, 'on adding and editing a user');
  });

  it('deactivates the user after confirming', async () => {
    await page.getByTestId('user-deactivate').click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate user?' });
    expect(await confirm.textContent()).toContain('sessions end');
    await checkScreenOnce(page, 'deactivating a user');
    await confirm.getByTestId('confirm-active-change').click();
    await closeNotification(page, `User ${userName} deactivated.`);
    await page.getByTestId('user-activate').waitFor();
    await page.getByTestId('user-status-filter').getByText('Inactive').click();
    await page.locator(`[data-testid="user-row"][data-email="${email}"]`).waitFor();
    expectNoProblems(problems, 'on deactivating a user');
  });

  it('deactivates its own clinic after confirming', async () => {
    await navigate(page, 'desktop', 'nav-admin-clinics', '/home/admin/clinics');
    await page.getByRole('button', { name: `Show details of ${clinicName}` }).click();
    await expect.poll(() => page.getByTestId('clinic-detail-name').textContent()).toBe(clinicName);
    await page.getByTestId('clinic-deactivate').click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate clinic?' });
    await confirm.waitFor();
    await checkScreenOnce(page, 'deactivating a clinic');
    await confirm.getByTestId('confirm-active-change').click();
    await closeNotification(page, `Clinic ${clinicName} deactivated.`);
    await page.getByTestId('clinic-activate').waitFor();
    expectNoProblems(problems, 'on deactivating a clinic');
  });

  it('opens a tissue bank with its address and users', async () => {
    await navigate(page, 'desktop', 'nav-admin-eutes', '/home/admin/eutes');
    await expectHeading(page, 'Tissue banks');
    const first = page.getByTestId('eute-row').first();
    const name = await first.getAttribute('data-name');
    await first.click();
    await expect.poll(() => page.getByTestId('eute-detail-name').textContent()).toBe(name);
    await page.getByTestId('eute-detail-address').waitFor();
    await page.getByTestId('members').or(page.getByTestId('members-empty')).first().waitFor();
    await page.getByTestId('eute-edit').waitFor();
    await checkScreenOnce(page, 'a tissue bank');
    await page.getByTestId('eute-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit tissue bank' });
    await edit.waitFor();
    await checkScreenOnce(page, 'editing a tissue bank');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expectNoProblems(problems, 'on the tissue banks');
  });

  it('a new bank with an address that is none is refused at its field, by its label, in English and German', async () => {
    const labels = { en: 'E-mail address', de: 'E-Mail-Adresse' };
    const reasons = {
      en: 'must be an e-mail address such as name@example.org',
      de: 'muss eine E-Mail-Adresse sein, etwa name@beispiel.de',
    };
    for (const language of ['en', 'de'] as const) {
      await chooseLanguage(page, language);
      await page.getByTestId('eute-add').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('eute-add-name').fill(`E2E Bank ${run}`);
      await dialog.getByTestId('eute-add-euteNumber').fill(`E2E-${run}`);
      await dialog.getByTestId('eute-add-email').fill('bank@nowhere');
      await dialog.getByTestId('eute-add-submit').click();
      await expect
        .poll(() => fieldError(dialog.getByTestId('eute-add-email')))
        .toBe(`${labels[language]} ${reasons[language]}`);
      const refusal = dialog.getByTestId('eute-add-error');
      expect(await refusal.textContent()).toContain(labels[language]);
      expect(await refusal.textContent()).not.toMatch(/Something went wrong|Etwas ist schiefgegangen/);
      await checkScreenOnce(page, `adding a bank, refused (${language})`);
      await expectNoServerNames(page, `on adding a bank, refused (${language})`);
      await dialog.getByRole('button', { name: language === 'de' ? 'Abbrechen' : 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await chooseLanguage(page, 'en');
    expect(withoutRefusals(problems, 400)).toEqual([]);
  });

  it('finds the user creation in the audit log', async () => {
    await navigate(page, 'desktop', 'nav-admin-auditlog', '/home/admin/auditlog');
    await expectHeading(page, 'Audit log');
    await page.getByTestId('audit-row').first().waitFor();
    await checkScreenOnce(page, 'audit log');
    await page.getByRole('textbox', { name: 'Action' }).fill('user.add');
    await page.getByTestId('audit-apply').click();
    const row = page.locator('[data-testid="audit-row"][data-action="user.add"]').filter({ hasText: userName });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('Anna Admin');
    expectNoProblems(problems, 'on the audit log');
  });
});

describe('admin area for other roles', () => {
  it('an auditor sees the users list without add or edit buttons (also on a phone)', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'phone');
    try {
      await loginThroughUi(page, dataDir, DEMO.auditor);
      await waitForPath(page, '/home');
      await navigate(page, 'phone', 'nav-admin-users', '/home/admin/users');
      await expectHeading(page, 'Users');
      await page.getByTestId('read-only').waitFor();
      await page.getByTestId('user-row').first().click();
      await page.getByTestId('user-detail-name').waitFor();
      expect(await page.getByTestId('user-add').count()).toBe(0);
      expect(await page.getByTestId('user-edit').count()).toBe(0);
      expect(await page.locator('[data-testid="user-deactivate"], [data-testid="user-activate"]').count()).toBe(0);
      await expectNoAxeViolations(page, 'admin users, read-only (phone)');
      await screenshot(page, 'phone-admin-users-auditor');
      expectNoProblems(problems, 'on the auditor’s users list');
    } finally {
      await context.close();
    }
  });

  it('a physician opening /home/admin/users is told there is no access', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    try {
      await loginThroughUi(page, dataDir, DEMO.kaya);
      await waitForPath(page, '/home');
      await page.goto('/home/admin/users');
      await page.getByTestId('no-access').waitFor();
      expect(await page.getByTestId('nav-admin-users').count()).toBe(0);
      expectNoProblems(problems, 'on the admin area as a physician');
    } finally {
      await context.close();
    }
  });
});
