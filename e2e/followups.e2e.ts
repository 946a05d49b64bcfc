import {
  localDay,
  shiftDate,
  webPaths,
  type FollowUp,
  type FollowUpPage,
  type GraftRequest,
  type Outcomes,
} from '@graftmatch/domain';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settled, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { importFreeGrafts } from './support/grafts';
import { DEMO, apiSession, loginThroughUi, waitForPath } from './support/login';

// Follow-ups after an implantation (docs/api.md "Follow-ups"): Dr. Berg implanted a graft of bank
// North 30 days ago; its 30-day follow-up is due today. On her phone she follows the home's counter
// to the list and records it; then, at her desk, she records the graft's explant for endocarditis
// from its page and is offered a vigilance report with the graft filled in, which she starts. The
// bank's quality view then counts the explant among the grafts implanted that day.
//
// The server decides what is due by its own clock, which a journey cannot move: the bank dates its
// assignment and delivery back (corrections, as a late record would) and the implantation is
// recorded 30 days back, so "today" is the 30-day visit's due day on the server. The browser's clock
// is fixed at that moment too, so the form's "today" is the same day (docs/decisions.md "Follow-ups").

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();
const ZONE = 'Europe/Berlin';
const NOW = new Date();
const today = localDay(NOW, ZONE);

type Api = Awaited<ReturnType<typeof apiSession>>;

/** A patient code nobody was implanted with lately (a new request for one needs a reason). */
const patientCode = (attempt: number) => {
  const seed = Date.now() + attempt;
  return `${String.fromCharCode(65 + (seed % 26))}-${String((seed % 12) + 1).padStart(2, '0')}-${1950 + (seed % 60)}`;
};

/** A new graft of bank North taken by Dr. Berg from request to an implantation 30 days ago. */
async function implantedThirtyDaysAgo(physician: Api, bank: Api): Promise<GraftRequest> {
  const lot = `FU-${Date.now().toString(36).toUpperCase()}`;
  // Released before the assignment the bank dates 32 days back.
  const graft = { lot, diameter: '23.5', expiresInDays: 365, releasedDaysAgo: 60 };
  expect(await importFreeGrafts(bank, [graft], 'followup.csv')).toMatchObject({
    inserted: 1,
    failed: 0,
  });
  let request: GraftRequest | undefined;
  for (let attempt = 0; !request; attempt += 1) {
    try {
      request = await physician.post<GraftRequest>('/physician/requests', { lot, patient_Code: patientCode(attempt) });
    } catch (error) {
      if (attempt === 5) {
        throw error;
      }
    }
  }
  await bank.post(`/euteemployee/requests/${request.id}/reserve`, {});
  await physician.post(`/physician/requests/${request.id}/confirm`, {});
  await bank.post(`/euteemployee/requests/${request.id}/assign`, {});
  await bank.post(`/euteemployee/requests/${request.id}/deliver`, { carrier: 'MedCourier Berlin', reference: 'FU-1' });
  const back = (field: string, days: number) =>
    bank.post(`/requests/${request.id}/corrections`, {
      field,
      value: shiftDate(today, -days),
      reason: 'Recorded late',
    });
  await back('assignedOn', 32);
  await back('deliveredOn', 31);
  // An imported graft without a Single European Code carries its lot on the package.
  return physician.post<GraftRequest>(`/physician/requests/${request.id}/implant`, {
    date: shiftDate(today, -30),
    patient_Code: request.patient_Code,
    sec: lot,
  });
}

interface Side {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** Dr. Berg at `size`, with the browser's clock fixed at the moment the journey calls today. */
async function berg(size: ViewportName): Promise<Side> {
  const side = await openContext(browser(), baseUrl, size, { timezoneId: ZONE });
  side.page.setDefaultTimeout(15_000);
  await side.page.clock.setFixedTime(NOW);
  watchApi(side.page);
  await loginThroughUi(side.page, dataDir, DEMO.berg);
  return side;
}

describe('a graft’s follow-ups after its implantation', () => {
  let physicianApi: Api;
  let lot = '';
  const followUpsOf = async (state?: string) =>
    (await physicianApi.get<FollowUpPage>(`/physician/followups?lot=${lot}${state ? `&state=${state}` : ''}`)).items;

  beforeAll(async () => {
    physicianApi = await apiSession(baseUrl, dataDir, DEMO.berg);
    const bankApi = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    lot = (await implantedThirtyDaysAgo(physicianApi, bankApi)).lot;
    const [day30] = await followUpsOf();
    expect(day30).toMatchObject({ visit: 'P30D', dueOn: today, state: 'due' });
  }, 120_000);

  describe('on the phone', () => {
    let side: Side;
    beforeAll(async () => {
      side = await berg('phone');
    }, 60_000);
    afterAll(async () => {
      await side?.context.close();
    });

    it('the home counts the follow-up due; its counter leads to the list, where she records it', async () => {
      const { page, problems } = side;
      const counter = page.getByTestId('counter-followups-due');
      await counter.waitFor();
      expect(Number(await page.getByTestId('counter-followups-due-count').textContent())).toBeGreaterThanOrEqual(1);
      await page.getByTestId('counter-followups-due-link').click();
      await waitForPath(page, '/home/clinic/followups');
      expect(new URL(page.url()).searchParams.get('state')).toBe('due');
      await settled(page, 'Follow-ups');
      await checkScreenOnce(page, 'the follow-ups due (phone)');

      const card: Locator = page.locator(`[data-testid="followup-row"][data-lot="${lot}"][data-visit="P30D"]`);
      await card.getByTestId('followup-record').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await checkScreenOnce(page, 'the follow-up form (phone)');
      expect(await dialog.getByTestId('followup-date').inputValue()).toBe(today);
      // Nothing chosen yet: the form says what is missing and sends nothing.
      await dialog.getByTestId('followup-save').click();
      await dialog.getByTestId('followup-check').waitFor();
      expect(await dialog.getByTestId('followup-check').textContent()).toBe(
        'Please check the marked fields: Patient, Graft.',
      );

      await dialog.getByRole('radio', { name: 'Alive' }).check();
      await dialog.getByRole('radio', { name: 'Functioning' }).check();
      await dialog.getByTestId('followup-peakGradient').fill('18');
      await dialog.getByTestId('followup-meanGradient').fill('9');
      await dialog.getByTestId('followup-regurgitation').click();
      await page.getByRole('option', { name: 'Trace', exact: true }).click();
      await dialog.getByTestId('followup-nyhaClass').click();
      await page.getByRole('option', { name: 'I', exact: true }).click();
      await screenshot(page, 'phone-followup-form');
      await dialog.getByTestId('followup-save').click();
      await dialog.waitFor({ state: 'detached' });
      await card.waitFor({ state: 'detached' });

      const [day30] = (await followUpsOf()).filter((followUp: FollowUp) => followUp.visit === 'P30D');
      expect(day30).toMatchObject({ state: 'done', recordedBy: 'Dr. med. Jonas Berg' });
      expect(day30?.record).toMatchObject({
        date: today,
        patientStatus: 'alive',
        graftStatus: 'functioning',
        peakGradient: 18,
        meanGradient: 9,
        regurgitation: 'trace',
        nyhaClass: 'I',
      });
      expectNoProblems(problems, 'recording the 30-day follow-up');
    });
  });

  describe('at the desk', () => {
    let side: Side;
    beforeAll(async () => {
      side = await berg('desktop');
    }, 60_000);
    afterAll(async () => {
      await side?.context.close();
    });

    it('records the explant for endocarditis from the graft’s page and starts the vigilance report it offers', async () => {
      const { page, problems } = side;
      await page.goto(`/home/clinic/graft/${encodeURIComponent(lot)}`);
      await settled(page, `Graft ${lot}`);
      await checkScreenOnce(page, 'the graft’s page');
      await page.getByTestId('graft-record-event').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await checkScreenOnce(page, 'the event form');
      await dialog.getByRole('radio', { name: 'Alive' }).check();
      await dialog.getByRole('radio', { name: 'Explanted' }).check();
      await dialog.getByTestId('followup-explantDate').fill(shiftDate(today, -1));
      // The calendar the day field opened is closed first (a click beside it), or it takes the next click.
      await dialog.getByRole('heading').first().click();
      await dialog.getByRole('radio', { name: 'Endocarditis' }).check();
      await dialog.getByTestId('followup-save').click();

      const offer = dialog.getByTestId('followup-vigilance-offer');
      await offer.waitFor();
      await expectNoAxeViolations(page, 'the vigilance offer');
      expect(await offer.textContent()).toContain(`Graft ${lot} was explanted for endocarditis.`);
      await offer.getByTestId('followup-vigilance-start').click();

      // The graft's page again, its report form open with the graft and the explant filled in.
      const report = page.getByRole('dialog');
      await report.getByTestId('vigilance-description').waitFor();
      await checkScreenOnce(page, 'the vigilance report form, filled in');
      expect(new URL(page.url()).searchParams.get('report')).toBe('SAR');
      expect(await report.getByRole('heading').first().textContent()).toContain(lot);
      expect(await report.getByTestId('vigilance-description').inputValue()).toBe(
        `Explanted on ${shiftDate(today, -1)} for endocarditis (recorded as a follow-up).`,
      );
      await screenshot(page, 'desktop-followup-vigilance-draft');
      await report.getByTestId('vigilance-create').click();
      await waitForPath(page, /^\/home\/vigilance\/[\w-]+$/);
      await settled(page, /SAR report/);
      await checkScreenOnce(page, 'the vigilance draft');
      expect(await page.locator('main').textContent()).toContain(lot);

      // The explant ended the visits due after it.
      const after = await followUpsOf();
      expect(after.find((followUp) => followUp.kind === 'unscheduled')?.record).toMatchObject({
        graftStatus: 'explanted',
        explantReason: 'endocarditis',
      });
      expect(after.filter((followUp) => followUp.kind === 'scheduled').map((followUp) => followUp.state)).toEqual([
        'done',
        ...Array<string>(10).fill('ended'),
      ]);
      expectNoProblems(problems, 'recording the explant');
    });
  });

  it("the bank's quality view counts the explant in its table and draws its curves", async () => {
    const implanted = shiftDate(today, -30);
    const bankApi = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
    const expected = await bankApi.get<Outcomes>(`/euteemployee/outcomes?from=${implanted}&to=${implanted}`);
    // This graft at least: the demo's history may hold another implanted that day.
    expect(expected.all.explants).toBeGreaterThanOrEqual(1);
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    try {
      page.setDefaultTimeout(15_000);
      watchApi(page);
      await loginThroughUi(page, dataDir, DEMO.bankNorth);
      await waitForPath(page, '/home');
      await page.goto(webPaths.quality);
      await settled(page, 'Quality: outcomes after implantation');
      for (const testId of ['outcomes-from', 'outcomes-to']) {
        await page.getByTestId(testId).fill(implanted);
        await page.getByTestId(testId).press('Enter');
        // The calendar the field opened closes; the typed day stays.
        await page.getByTestId(testId).press('Escape');
      }
      const all = page.locator('[data-testid="outcome-row"][data-group="all"]');
      await expect.poll(() => all.textContent()).toContain(`of them ${expected.all.explants} explant`);
      await page.getByTestId('outcomes-explant-chart').waitFor();
      await checkScreenOnce(page, 'the quality view of one day');
      expectNoProblems(problems, 'on the quality view');
    } finally {
      await context.close();
    }
  });
});
