import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { navigate, settled, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

// Every message in the reader's language (docs/decisions.md, "Server texts"), and the audit log a
// person can read ("The audit log for people"): with German chosen, what the server words reads
// German too; an admin reads actions in words with their LOT linked, hides sign-ins and exports.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();
const run = promisify(execFile);

// What the server said in English before it had a catalogue: none of it may show in German.
const ENGLISH_REASON =
  /implant window|no implant window|waiting \d+ d|mm from the middle|asked for this graft|requested in the app/;

async function chooseGerman(page: Page) {
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('DE', { exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
}

describe.each<ViewportName>(['desktop', 'phone'])('a tissue bank in German (%s)', (size) => {
  let page: Page;
  let close: () => Promise<void>;
  let problems: string[];
  const lot = `LANG-${size.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    const opened = await openContext(browser(), baseUrl, size);
    ({ page, problems } = opened);
    close = () => opened.context.close();
    page.setDefaultTimeout(15_000);
    watchApi(page);
    // A free graft of bank North that a physician asks for, so the inbox ranks a candidate.
    const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    expect(await importFreeGrafts(bank, [{ lot, diameter: '21', expiresInDays: 200 }])).toMatchObject({ inserted: 1 });
    const berg = await apiSession(baseUrl, dataDir, DEMO.berg);
    await berg.post('/physician/requests', { lot, patient_Code: 'L-04-2021' });
    await loginThroughUi(page, dataDir, DEMO.bankNorth);
  });

  afterAll(async () => {
    await close?.();
  });

  it('ranks the candidates with reasons in German only', async () => {
    await chooseGerman(page);
    await navigate(page, size, 'nav-eute-requests', '/home/eute/requests');
    await settled(page, 'Anfragen und Kandidaten');
    const graft = page.locator(`[data-testid="inbox-graft"][data-lot="${lot}"]`);
    await graft.getByTestId('candidate').first().waitFor();
    const reasons = await page.getByTestId('candidate').allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.join('\n')).not.toMatch(ENGLISH_REASON);
    expect(await graft.getByTestId('candidate').first().textContent()).toMatch(
      /wartet seit \d+ Tag(en)?.*in der App angefragt/,
    );
    await checkScreenOnce(page, `the inbox in German (${size})`);
    await screenshot(page, `${size}-eute-requests-de`);
    expectNoProblems(problems, 'on the inbox in German');
  });

  it('downloads the demand PDF in German', async () => {
    await navigate(page, size, 'nav-eute-waitinglist', '/home/eute/waitinglist');
    await settled(page, 'Bedarf aus den Wartelisten');
    await checkScreenOnce(page, `the demand in German (${size})`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('demand-download').click()]);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    expect(text).toContain('Warteliste');
    expect(text).toMatch(/Seite 1 von \d+/);
    expect(text).not.toContain('waiting list');
    await page.getByTestId('global-loading').waitFor({ state: 'detached' });
    expectNoProblems(problems, 'on the German PDF');
  });
});

describe.each<ViewportName>(['desktop', 'phone'])('the audit log for people (%s)', (size) => {
  let page: Page;
  let close: () => Promise<void>;
  let problems: string[];
  const lot = `AUDIT-${size.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    const opened = await openContext(browser(), baseUrl, size);
    ({ page, problems } = opened);
    close = () => opened.context.close();
    page.setDefaultTimeout(15_000);
    watchApi(page);
    await loginThroughUi(page, dataDir, DEMO.admin);
    const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    expect(await importFreeGrafts(bank, [{ lot, diameter: '23', expiresInDays: 300 }])).toMatchObject({ inserted: 1 });
  });

  afterAll(async () => {
    await close?.();
  });

  it('says what happened in words, with the LOT linked to the graft', async () => {
    await navigate(page, size, 'nav-admin-auditlog', '/home/admin/auditlog');
    await settled(page, 'Audit log');
    const row = page.locator('[data-testid="audit-row"][data-action="graft.import.insert"]').filter({ hasText: lot });
    await row.first().waitFor();
    expect(await row.first().getByTestId('audit-sentence').textContent()).toBe(`Graft added by import ${lot}`);
    expect(await row.first().getByTestId('audit-actor-link').textContent()).not.toMatch(/^[0-9a-f-]{36}$/);
    await row.first().getByTestId('audit-details').click();
    const changes = page.getByTestId('audit-change');
    await changes.first().waitFor();
    expect(await changes.allTextContents()).toContain(`e_Lotn.d.${lot}`);
    await checkScreenOnce(page, `the changes of an audit row (${size})`);
    await screenshot(page, `${size}-admin-auditlog-changes`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expectNoProblems(problems, 'on the audit log');
  });

  it('hides sign-ins with the filter', async () => {
    const signIns = page.locator('[data-testid="audit-row"][data-action^="auth.login"]');
    await signIns.first().waitFor();
    const hide = page.getByRole('switch', { name: 'Hide sign-ins' });
    await hide.click();
    await expect.poll(() => hide.isChecked()).toBe(true);
    await signIns.first().waitFor({ state: 'detached' });
    await page.locator('[data-testid="audit-row"]').first().waitFor();
    expect(
      await page
        .locator('[data-testid="audit-row"][data-action^="auth."]')
        .evaluateAll((rows) =>
          rows
            .map((row) => row.getAttribute('data-action'))
            .filter((action) => /^auth\.(login|logout|session)/.test(action ?? '')),
        ),
    ).toEqual([]);
    await checkScreenOnce(page, `the audit log without sign-ins (${size})`);
    await screenshot(page, `${size}-admin-auditlog`);
    expectNoProblems(problems, 'hiding sign-ins');
  });

  it('exports the rows shown as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path())).toString('utf8');
    expect(text.startsWith('\uFEFFTime (UTC),Actor,Action,')).toBe(true);
    expect(text).toContain(`Graft added by import,graft.import.insert,Graft,${lot}`);
    expect(text).not.toContain('auth.login.success');
    expectNoProblems(problems, 'on the export');
  });

  it('opens the graft from its LOT', async () => {
    const row = page.locator('[data-testid="audit-row"][data-action="graft.import.insert"]').filter({ hasText: lot });
    await row.first().getByTestId('audit-target-link').click();
    await waitForPath(page, `/home/grafts/${lot}/history`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: lot }).first().waitFor();
    await checkScreenOnce(page, `the graft's history from the audit log (${size})`);
    expectNoProblems(problems, 'on the graft from the audit log');
  });
});
