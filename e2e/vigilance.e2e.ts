import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ANNEX_FIELDS,
  FileKind,
  parseSingleEuropeanCode,
  shiftDate,
  utcDate,
  VIGILANCE_PAGE_SIZE,
  type Eute,
  type Graft,
  type User,
} from '@graftmatch/domain';
import { settled, watchApi } from './support/app';
import { openContext, sharedBrowser, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { chooseLanguage, expectNoServerNames, fieldError, withoutRefusals } from './support/forms';
import { DEMO, apiSession, loginThroughUi } from './support/login';

// Vigilance (docs/api.md "Vigilance"): a physician reports a serious adverse reaction on a graft
// implanted at their clinic; the bank sees the report arrive without reloading, quarantines the
// other grafts of the donation, and confirms it. Both parts are filed on the graft as a PDF whose
// text holds every item of the annexes.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();
const run = promisify(execFile);

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

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'graftmatch-vigilance-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    return (await run('pdftotext', [file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Confirms the open confirmation dialog. */
async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await checkScreenOnce(page, 'a confirmation dialog');
  await dialog.getByTestId('confirm-step').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a serious adverse reaction from report to confirmation', () => {
  let physician: Side;
  let bank: Side;
  let lot = '';
  const siblings: string[] = [];

  beforeAll(async () => {
    // An implanted graft of bank North at Dr. Berg's clinic, and two more grafts of its donation.
    const northApi = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    const bergApi = await apiSession(baseUrl, dataDir, DEMO.berg);
    const clinic = (await bergApi.get<User>('/users/getmyuser')).clinics[0]?.c_Name;
    const archive = await northApi.get<Graft[]>('/euteemployee/donationsarchiv?limit=500');
    const implanted = archive.find(
      (graft) =>
        graft.implantation.status === 1 &&
        graft.c_Name === clinic &&
        graft.x_SEC !== null &&
        !('error' in parseSingleEuropeanCode(graft.x_SEC)),
    );
    expect(implanted, 'an implanted demo graft of bank North at Dr. Berg’s clinic').toBeDefined();
    lot = implanted!.e_Lot;
    const code = parseSingleEuropeanCode(implanted!.x_SEC!) as { establishment: string; donation: string };
    const expiry = shiftDate(utcDate(new Date()), 200);
    const header =
      'e_Lot;t_ProdName_2;t_Dproximal;t_Ddistal;t_Lmin;t_Lmax;decellularization.status;release.status;release.outValue;expiry.outValue;x_SEC';
    const rows = ['002', '003'].map((split) => {
      const sibling = `VIG-${Date.now().toString(36)}-${split}`;
      siblings.push(sibling);
      const sec = `${code.establishment} ${code.donation} E0042105 ${split} ${expiry.replaceAll('-', '')}`;
      return [sibling, '5', '21', '21', '30', '55', '1', '1', shiftDate(expiry, -210), expiry, sec].join(';');
    });
    const form = new FormData();
    form.append('file', new Blob([`${header}\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'siblings.csv');
    const imported = await northApi.postForm<{ summary: { inserted: number; failed: number } }>('/import/grafts', form);
    expect(imported.summary).toMatchObject({ inserted: 2, failed: 0 });
    [physician, bank] = await Promise.all([open('desktop', DEMO.berg), open('phone', DEMO.bankNorth)]);
  }, 90_000);
  afterAll(async () => {
    await physician?.context.close();
    await bank?.context.close();
  });

  it('the physician reports a SAR on the implanted graft and submits part A; the bank’s list shows it at once', async () => {
    await bank.page.goto('/home/vigilance');
    await settled(bank.page, 'Vigilance reports');
    await checkScreenOnce(bank.page, 'the vigilance list (phone)');

    const { page } = physician;
    await page.goto(`/home/clinic/graft/${encodeURIComponent(lot)}`);
    await page.getByTestId('report-reaction').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, 'report dialog');
    await dialog
      .getByTestId('vigilance-description')
      .fill('Fever and positive blood cultures four days after implantation.');
    await dialog.getByTestId('vigilance-create').click();
    await page.waitForURL(/\/home\/vigilance\/[0-9a-f-]{36}$/);
    // Submitted too early, part A is refused: each field it lacks is marked, and the refusal names
    // it by its label at the field and above the buttons, in English and in German.
    const reactionDate = page.getByTestId('field-reactionDate');
    expect(await reactionDate.evaluate((input) => (input as HTMLInputElement).required)).toBe(true);
    for (const language of ['en', 'de'] as const) {
      await chooseLanguage(page, language);
      const label = (field: string) =>
        ANNEX_FIELDS.find((entry) => entry.part === 'III-A' && entry.fields.includes(field))?.item[language] ?? field;
      const missing = language === 'de' ? 'fehlt' : 'is required';
      await page.getByTestId('submit-notification').click();
      await confirmDialog(page);
      await expect.poll(() => fieldError(reactionDate)).toBe(`${label('reactionDate')} ${missing}`);
      expect(await fieldError(page.getByTestId('field-reactionType'))).toBe(`${label('reactionType')} ${missing}`);
      expect(await page.getByTestId('vigilance-submit-error').textContent()).toContain(label('reactionDate'));
      await expectNoServerNames(page, `on part A refused (${language})`);
    }
    await chooseLanguage(page, 'en');
    withoutRefusals(physician.problems, 400);
    // Nothing quarantined and nothing to quarantine for a physician: no such section.
    expect(await page.getByRole('heading', { name: 'Quarantine' }).count()).toBe(0);
    await reactionDate.fill(utcDate(new Date()));
    await page.getByTestId('field-reactionType').fill('Suspected transmission of a bacterial infection');
    await choose(page, 'field-imputability', 'Possible');
    await choose(page, 'field-severity', 'Serious');
    await page.getByTestId('field-mitigatingMeasures').fill('Recipient treated with antibiotics.');
    await checkScreenOnce(page, 'the report, part A');
    await page.getByTestId('submit-notification').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('vigilance-state').first().textContent(), { timeout: 15_000 })
      .toBe('Notified');

    // The bank's list, open all along, shows the report without a reload.
    const item = bank.page.getByTestId('vigilance-item').filter({ has: bank.page.getByText(lot, { exact: false }) });
    await item.first().waitFor({ timeout: 15_000 });
    expectNoProblems(physician.problems, 'on the report');
  });

  it("the bank's home shows the report's clock; its counter opens the list of exactly the open reports", async () => {
    const { page } = bank;
    await page.goto('/home');
    const card = page.getByTestId('card-vigilance');
    const clock = card.getByTestId('vigilance-clock-item').filter({ has: page.getByText(lot, { exact: false }) });
    await clock.first().waitFor();
    expect(await clock.first().getByTestId('vigilance-clock').textContent()).toContain('Confirmation (part B) due');
    await checkScreenOnce(page, "the bank's home with a vigilance clock (phone)");
    const count = Number(await card.getByTestId('counter-vigilance-count').textContent());
    expect(count).toBeGreaterThan(0);
    await card.getByTestId('counter-vigilance-link').click();
    await page.waitForURL(/\/home\/vigilance\?show=open$/);
    await page.getByTestId('vigilance-filter').waitFor();
    await page.getByTestId('vigilance-item').first().waitFor();
    // The list pages by the domain's page size: the counter is the rows of every page.
    const pages = Math.max(1, await page.getByTestId('vigilance-pages').getByRole('button').count());
    expect(count).toBeLessThanOrEqual(pages * VIGILANCE_PAGE_SIZE);
    if (count <= VIGILANCE_PAGE_SIZE) {
      expect(await page.getByTestId('vigilance-item').count()).toBe(count);
    }
    expectNoProblems(bank.problems, "on the bank's home and the open reports");
  });

  it('the bank quarantines the other grafts of the donation and confirms the report', async () => {
    const { page } = bank;
    const item = page.getByTestId('vigilance-item').filter({ has: page.getByText(lot, { exact: false }) });
    await item.first().getByRole('link').click();
    await page.waitForURL(/\/home\/vigilance\/[0-9a-f-]{36}$/);
    const lookback = page.getByTestId('lookback');
    await lookback.locator(`[data-lot="${siblings[0]}"]`).waitFor();
    expect(await lookback.locator('[data-whereabouts="implanted"]').count()).toBe(1);
    await checkScreenOnce(page, 'the report at phone size');

    await page.getByTestId('quarantine').click();
    await confirmDialog(page);
    for (const sibling of siblings) {
      await lookback.locator(`[data-lot="${sibling}"][data-whereabouts="quarantined"]`).waitFor();
    }

    await page
      .getByRole('radiogroup', { name: /Confirmation of serious adverse reaction/ })
      .getByLabel('Yes')
      .check();
    await page.getByRole('radiogroup', { name: 'Changed' }).getByLabel('No').check();
    await choose(page, 'field-clinicalOutcome', 'Minor sequelae');
    await page.getByTestId('field-investigationOutcome').fill('Contamination during processing; other grafts held.');
    await page.getByTestId('field-correctiveActions').fill('Rinse step validated again; staff retrained.');
    await page.getByTestId('confirm-report').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('vigilance-state').first().textContent(), { timeout: 15_000 })
      .toBe('Confirmed');
    expectNoProblems(bank.problems, 'on the quarantine and confirmation');
  });

  it('both parts are filed on the graft as a PDF that holds every annex field', async () => {
    const northApi = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    const graft = await northApi.get<Graft>(`/euteemployee/currentdonations/${encodeURIComponent(lot)}`);
    const both = graft.vigilanceReportFiles.find((file) => file.name.endsWith('_part_A_and_B.pdf'));
    expect(both, 'the PDF of both parts').toBeDefined();
    expect(graft.vigilanceReportFiles.some((file) => file.name.endsWith('_part_A.pdf'))).toBe(true);
    const text = (
      await pdfText(
        await northApi.bytes(
          `/file/getfile/${FileKind.VigilanceReports}/${encodeURIComponent(both!.name)}?lot=${encodeURIComponent(lot)}`,
        ),
      )
    ).replace(/\s+/g, ' ');
    for (const entry of ANNEX_FIELDS.filter((field) => ['III-A', 'III-B', 'Art44-3'].includes(field.part))) {
      expect(text, entry.item.en).toContain(entry.item.en);
    }
    expect(text).toContain('Suspected transmission of a bacterial infection');
    expect(text).toContain('minor sequelae');
  });
});

describe("a bank's vigilance settings", () => {
  it('an admin sets the deadlines and the competent authority on the bank; an auditor reads them', async () => {
    const adminApi = await apiSession(baseUrl, dataDir, DEMO.admin);
    const northApi = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    const bankOfNorth = (await northApi.get<User>('/users/getmyuser')).eutes[0]!;
    const bankId = bankOfNorth.id;
    const row = (page: Page) => page.locator(`[data-testid="eute-row"][data-name="${bankOfNorth.name}"]`);
    const admin = await open('desktop', DEMO.admin);
    try {
      const { page } = admin;
      await page.goto('/home/admin/eutes');
      await row(page).click();
      const settings = page.getByTestId('eute-vigilance');
      await settings.waitFor();
      await settings.getByTestId('eute-notification-hours').fill('12');
      await settings.getByTestId('eute-authority-email').fill('vigilance@authority.example');
      await checkScreenOnce(page, "a bank's vigilance settings");
      await settings.getByTestId('eute-vigilance-save').click();
      await expect
        .poll(async () => (await adminApi.get<Eute>(`/admin/eutes/${bankId}`)).vigilanceNotificationHours)
        .toBe(12);
      expect((await adminApi.get<Eute>(`/admin/eutes/${bankId}`)).competentAuthorityEmail).toBe(
        'vigilance@authority.example',
      );
      expectNoProblems(admin.problems, "on a bank's vigilance settings");
    } finally {
      // The journeys share the demo data: the bank gets its defaults back.
      await adminApi.patch(`/admin/eutes/${bankId}`, { vigilanceNotificationHours: 24, competentAuthorityEmail: null });
      await admin.context.close();
    }
    const auditor = await open('desktop', DEMO.auditor);
    try {
      await auditor.page.goto('/home/admin/eutes');
      await row(auditor.page).click();
      const hours = auditor.page.getByTestId('eute-vigilance').getByTestId('eute-notification-hours');
      await expect.poll(() => hours.inputValue()).toBe('24');
      expect(await hours.getAttribute('readonly')).not.toBeNull();
      expect(await auditor.page.getByTestId('eute-vigilance-save').count()).toBe(0);
    } finally {
      await auditor.context.close();
    }
  });
});
