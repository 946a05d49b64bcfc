import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeNotification, expectHeading, navigate } from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, loginThroughUi, waitForPath } from './support/login';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/**
 * Tissue-bank onboarding (docs/api.md): an admin adds a bank of its own (unique per run), sets its
 * lead time and reminder thresholds, creates an API key that is shown once (and after a reload only as its prefix),
 * revokes it, and deactivates and reactivates the bank, each after confirming. An auditor reads it.
 */
describe.each<ViewportName>(['desktop', 'phone'])('tissue-bank onboarding at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const run = `${size}-${Date.now().toString(36)}`;
  const bankName = `E2E Gewebebank ${run}`;
  let key = '';

  beforeAll(async () => {
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(10_000);
    await loginThroughUi(page, dataDir, DEMO.admin);
    await waitForPath(page, '/home');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('adds a bank, which is selected, and sets its lead time and reminder thresholds', async () => {
    await navigate(page, size, 'nav-admin-eutes', '/home/admin/eutes');
    await expectHeading(page, 'Tissue banks');
    await page.getByTestId('eute-row').first().waitFor();
    await page.getByTestId('eute-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add tissue bank' });
    await dialog.getByTestId('eute-add-name').fill(bankName);
    await dialog.getByTestId('eute-add-euteNumber').fill(`E2E-${run}`);
    await checkScreenOnce(page, `adding a tissue bank (${size})`);
    await dialog.getByTestId('eute-add-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await closeNotification(page, `Tissue bank ${bankName} added.`);
    await expect.poll(() => page.getByTestId('eute-detail-name').textContent()).toBe(bankName);
    await page.getByTestId('apikeys-empty').waitFor();
    await page.getByTestId('eute-leadtime').fill('5');
    await page.getByTestId('eute-leadtime-save').click();
    await closeNotification(page, `Lead time of ${bankName}: 5 days.`);
    await expect.poll(() => page.getByTestId('eute-expiry-days').inputValue()).toBe('90, 30, 7');
    await page.getByTestId('eute-expiry-days').fill('60, 14');
    await page.getByTestId('eute-silence-days').fill('3');
    await page.getByTestId('eute-reminders-save').click();
    await closeNotification(page, `Reminders of ${bankName} saved.`);
    expectNoProblems(problems, 'on adding a bank');
  });

  it('creates an API key that is shown once, and after a reload only as its prefix', async () => {
    await page.getByTestId('apikey-label').fill('Laborsystem');
    await page.getByTestId('apikey-create').click();
    const secret = page.getByTestId('apikey-secret');
    await secret.waitFor();
    key = (await secret.textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(20);
    await page.getByTestId('apikey-copy').waitFor();
    await screenshot(page, `${size}-admin-apikey-created`);
    await checkScreenOnce(page, `a new API key (${size})`);
    const row = page.getByTestId('apikey-row');
    await row.waitFor();
    const prefix = (await row.getAttribute('data-prefix')) ?? '';
    expect(key.startsWith(prefix) && prefix.length < key.length).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByTestId('eute-detail-name').textContent()).toBe(bankName);
    await page.getByTestId('apikey-row').waitFor();
    expect(await page.getByTestId('apikey-secret').count()).toBe(0);
    await expect.poll(() => page.getByTestId('eute-expiry-days').inputValue()).toBe('60, 14');
    expect(await page.getByTestId('apikey-table').textContent()).toContain(`${prefix}…`);
    expect(await page.locator('body').textContent()).not.toContain(key);
    await screenshot(page, `${size}-admin-eute-onboarding`);
    expectNoProblems(problems, 'on creating an API key');
  });

  it('revokes the key and deactivates and reactivates the bank, each after confirming', async () => {
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke API key?' }).waitFor();
    await checkScreenOnce(page, `revoking an API key (${size})`);
    await page.getByTestId('confirm-revoke').click();
    await closeNotification(page, 'API key “Laborsystem” revoked.');
    await expect.poll(() => page.getByTestId('apikey-row').textContent()).toContain('Revoked');

    await page.getByTestId('eute-deactivate').click();
    await page.getByRole('dialog', { name: 'Deactivate tissue bank?' }).waitFor();
    await checkScreenOnce(page, `deactivating a bank (${size})`);
    await page.getByTestId('confirm-active-change').click();
    await closeNotification(page, `Tissue bank ${bankName} deactivated.`);
    await page.getByTestId('eute-activate').click();
    await page.getByRole('dialog', { name: 'Activate tissue bank?' }).waitFor();
    await checkScreenOnce(page, `reactivating a bank (${size})`);
    await page.getByTestId('confirm-active-change').click();
    await closeNotification(page, `Tissue bank ${bankName} activated.`);
    await page.getByTestId('eute-deactivate').waitFor();
    expectNoProblems(problems, 'on revoking and deactivating');
  });
});

describe('tissue-bank onboarding for an auditor', () => {
  it('reads banks, lead time and keys, with no button to change them', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    page.setDefaultTimeout(10_000);
    try {
      await loginThroughUi(page, dataDir, DEMO.auditor);
      await waitForPath(page, '/home');
      await navigate(page, 'desktop', 'nav-admin-eutes', '/home/admin/eutes');
      await page.getByTestId('eute-row').first().click();
      await page.getByTestId('apikeys').waitFor();
      expect(await page.getByTestId('eute-add').count()).toBe(0);
      expect(await page.getByTestId('eute-deactivate').count()).toBe(0);
      expect(await page.getByTestId('apikey-form').count()).toBe(0);
      expect(await page.getByTestId('eute-leadtime-save').count()).toBe(0);
      await checkScreenOnce(page, 'a tissue bank read-only');
      expectNoProblems(problems, 'as an auditor on the banks');
    } finally {
      await context.close();
    }
  });
});
