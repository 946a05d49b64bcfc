import { shiftDate, utcDate, type Graft, type GraftRequest, type User } from '@graftmatch/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, apiSession, loginThroughUi } from './support/login';
import { clinicalToday } from './support/grafts';

// A graft's life story (docs/api.md, "A graft's history"): a graft that went from request to implantation,
// with a correction, shows every step in its timeline with who did it and the correction's reason, on the
// bank's details page and at the history's own address on a phone.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();
const NORTH = 'Gewebebank Nord gGmbH';
const REASON = 'Patient code taken from the wrong chart';
const today = utcDate(new Date());

type Api = Awaited<ReturnType<typeof apiSession>>;

/** A Free graft of bank North nobody has requested, with the search that finds it. */
async function freeNorthGraft(physician: Api) {
  const requested = new Set(await physician.get<string[]>('/physician/requests/lots'));
  for (let type = 1; type <= 8; type++) {
    for (let min = 5; min <= 45; min += 10) {
      const search = {
        query_type: type,
        query_d_min: min,
        query_d_max: min + 5,
        query_l_min: 10,
        query_l_l_min: 0,
        query_l_r_min: 0,
      };
      const grafts = await physician.post<Graft[]>('/physician/graftsearch', search);
      const found = grafts.find((graft) => graft.e_Name === NORTH && !requested.has(graft.e_Lot));
      if (found) {
        return { lot: found.e_Lot, search, code: found.x_SEC ?? found.e_Lot };
      }
    }
  }
  throw new Error('bank North has no Free graft left to request');
}

/** Physician Berg's request, through every step to the implantation, then her correction of the patient code. */
async function implantedAndCorrected() {
  const [physician, bank] = [
    await apiSession(baseUrl, dataDir, DEMO.berg),
    await apiSession(baseUrl, dataDir, DEMO.bankNorth),
  ];
  const { lot, search, code } = await freeNorthGraft(physician);
  const entry = await physician.post<{ waitinglistid: string }>('/physician/waitinglist', {
    ...search,
    patient_Code: 'H-04-2017',
    query_i_min: today,
    query_i_Max: shiftDate(today, 60),
  });
  const request = await physician.post<GraftRequest>('/physician/requests', {
    lot,
    waitinglistid: entry.waitinglistid,
  });
  await bank.post(`/euteemployee/requests/${request.id}/reserve`, {});
  await physician.post(`/physician/requests/${request.id}/confirm`, {});
  await bank.post(`/euteemployee/requests/${request.id}/assign`, {});
  await bank.post(`/euteemployee/requests/${request.id}/deliver`, {
    carrier: 'MedCourier Berlin',
    reference: 'MC-2026-0042',
  });
  await physician.post(`/physician/requests/${request.id}/implant`, {
    date: clinicalToday(),
    patient_Code: 'H-04-2017',
    sec: code,
  });
  await physician.post(`/requests/${request.id}/corrections`, {
    field: 'patient_Code',
    value: 'H-05-2017',
    reason: REASON,
  });
  const nameOf = async (api: Api) => {
    const me = await api.get<User>('/users/getmyuser');
    return `${me.firstName} ${me.lastName}`;
  };
  return { lot, physicianName: await nameOf(physician), bankName: await nameOf(bank) };
}

const STEPS = [
  'Step corrected',
  'Graft implanted',
  'Graft delivered',
  'Graft assigned',
  'Reservation confirmed',
  'Graft reserved',
  'Graft requested',
];

/** The timeline's request steps in the order shown. */
async function shownSteps(page: Page): Promise<string[]> {
  const actions = await page
    .getByTestId('history-event')
    .evaluateAll((events) => events.map((event) => event.getAttribute('data-action') ?? ''));
  return actions.filter((action) => action.startsWith('request.'));
}

describe("a graft's history in the browser", () => {
  let graft: Awaited<ReturnType<typeof implantedAndCorrected>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    graft = await implantedAndCorrected();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it("on the bank's details page: every step newest first, with names, the correction with its reason, the chain's note", async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    contexts.push(context);
    page.setDefaultTimeout(15_000);
    watchApi(page);
    await loginThroughUi(page, dataDir, DEMO.bankNorth);
    await page.goto(`/home/eute/donation/${encodeURIComponent(graft.lot)}`);
    await settled(page, `Graft ${graft.lot}`);
    const section = page.getByRole('region', { name: 'History' });
    await section.getByTestId('graft-history').waitFor();
    expect(await shownSteps(page)).toEqual([
      'request.correct',
      'request.implant',
      'request.deliver',
      'request.assign',
      'request.confirm',
      'request.reserve',
      'request.create',
    ]);
    const text = (await section.textContent()) ?? '';
    let at = -1;
    for (const step of STEPS) {
      const next = text.indexOf(step, at + 1);
      expect(next, step).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain(`by ${graft.physicianName} (${DEMO.berg})`);
    expect(text).toContain(`by ${graft.bankName} (${DEMO.bankNorth})`);
    expect(text).toContain('Patient code: H-04-2017 → H-05-2017');
    expect(text).toContain(`Reason: ${REASON}`);
    expect(text).toContain('State: confirmed → assigned');
    expect(await section.getByTestId('chain-status').textContent()).toContain('administrators and auditors');
    await checkScreenOnce(page, 'graft history section');
    expectNoProblems(problems, "on the bank's graft history");
  }, 60_000);

  it('at its own address on a phone, in German, for the physician; the auditor sees the chain verified', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'phone');
    contexts.push(context);
    page.setDefaultTimeout(15_000);
    watchApi(page);
    await loginThroughUi(page, dataDir, DEMO.berg);
    await page.goto(`/home/grafts/${encodeURIComponent(graft.lot)}/history`);
    await settled(page, `History of graft ${graft.lot}`);
    expect(await shownSteps(page)).toHaveLength(STEPS.length);
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('DE', { exact: true }).click();
    const timeline = page.getByTestId('graft-history');
    await expect.poll(async () => timeline.textContent()).toContain('Schritt korrigiert');
    expect(await timeline.textContent()).toContain(`Grund: ${REASON}`);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreenOnce(page, 'graft history page');
    await screenshot(page, 'phone-graft-history');
    expectNoProblems(problems, 'on the physician’s graft history');

    const auditor = await openContext(browser(), baseUrl, 'desktop');
    contexts.push(auditor.context);
    auditor.page.setDefaultTimeout(15_000);
    watchApi(auditor.page);
    await loginThroughUi(auditor.page, dataDir, DEMO.auditor);
    await auditor.page.goto(`/home/grafts/${encodeURIComponent(graft.lot)}/history`);
    await settled(auditor.page, `History of graft ${graft.lot}`);
    await expect
      .poll(async () => auditor.page.getByTestId('chain-status').textContent())
      .toMatch(/^Audit chain intact up to entry \d+$/);
    await checkScreenOnce(auditor.page, 'graft history page with the chain badge');
    expectNoProblems(auditor.problems, 'on the auditor’s graft history');
  }, 90_000);
});
