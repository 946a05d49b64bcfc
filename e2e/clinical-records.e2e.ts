import { formatInstantInZone, localDay, shiftDate, type Graft, type GraftRequest } from '@graftmatch/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settled, watchApi } from './support/app';
import { openContext, sharedBrowser, screenshot } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, apiSession, loginThroughUi } from './support/login';

// Clinical records (docs/decisions.md, "Clinical records"): the implant dialog refuses tomorrow
// without sending anything, records with the entry's prefilled patient code, and a corrected
// implantation date shows in the request's history and files a new traceability report. The
// surgeon's browser is in Berlin at 00:30, the hour UTC still calls yesterday: the dialog prefills
// and records the clinic's own day (docs/decisions.md "Time zones").

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();
const NORTH = 'Gewebebank Nord gGmbH';
const PATIENT = 'E-05-2019';
const ZONE = 'Europe/Berlin';
const today = localDay(new Date(), ZONE);

/** 00:30 of `day` in `zone`. */
function halfPastMidnight(day: string, zone: string): Date {
  for (let hours = -14; hours <= 14; hours++) {
    const instant = new Date(Date.parse(`${day}T00:30:00Z`) + hours * 3_600_000);
    if (formatInstantInZone(instant, zone, 'en').startsWith(`${day} 00:30 `)) {
      return instant;
    }
  }
  throw new Error(`no 00:30 on ${day} in ${zone}`);
}

type Api = Awaited<ReturnType<typeof apiSession>>;

/** A Free graft of bank North nobody has requested, with the search that finds it. */
async function freeNorthGraft(physician: Api) {
  const requested = new Set(await physician.get<string[]>('/physician/requests/lots'));
  for (let type = 8; type >= 1; type--) {
    for (let min = 45; min >= 5; min -= 10) {
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

/** Physician Berg's request for the graft, for a new entry of PATIENT, delivered three days ago. */
async function deliveredRequest(): Promise<GraftRequest & { code: string }> {
  const [physician, bank] = [
    await apiSession(baseUrl, dataDir, DEMO.berg),
    await apiSession(baseUrl, dataDir, DEMO.bankNorth),
  ];
  const { lot, search, code } = await freeNorthGraft(physician);
  const entry = await physician.post<{ waitinglistid: string }>('/physician/waitinglist', {
    ...search,
    patient_Code: PATIENT,
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
  // The bank dates its steps back (a correction itself), so the implantation has days to move in.
  const back = (field: string, days: number) =>
    bank.post(`/requests/${request.id}/corrections`, {
      field,
      value: shiftDate(today, -days),
      reason: 'Recorded late',
    });
  await back('assignedOn', 4);
  await back('deliveredOn', 3);
  return { ...request, code };
}

describe('implantation and its correction in the browser', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let request: GraftRequest & { code: string };
  const implantCalls: string[] = [];

  beforeAll(async () => {
    request = await deliveredRequest();
    ({ context, page, problems } = await openContext(browser(), baseUrl, 'desktop', { timezoneId: ZONE }));
    page.setDefaultTimeout(15_000);
    watchApi(page);
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith(`/requests/${request.id}/implant`)) {
        implantCalls.push(sent.url());
      }
    });
    await loginThroughUi(page, dataDir, DEMO.berg);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
  });

  const card = () => page.locator(`[data-testid="request-card"][data-lot="${request.lot}"]`).first();

  it('at 00:30 in Berlin prefills today, refuses tomorrow inline and sends nothing; records today with the prefilled patient code', async () => {
    await page.clock.setFixedTime(halfPastMidnight(today, ZONE));
    await page.goto('/home/clinic/requests');
    await settled(page, 'My requests');
    await card().getByTestId('step-implant').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('patient-code-preview').textContent()).toBe(`Code: ${PATIENT}`);
    const prefilled = await dialog.getByTestId('step-date').inputValue();
    expect(prefilled).toBe(today);

    await dialog.getByTestId('step-date').fill(shiftDate(today, 1));
    await dialog.getByTestId('step-submit').click();
    await dialog.getByText('The date may not be in the future.').waitFor();
    await checkScreenOnce(page, 'implant dialog with an error');
    expect(implantCalls).toEqual([]);

    await dialog.getByTestId('step-date').fill(prefilled);
    // No camera here: the package's code is typed, as a keyboard-wedge scanner would.
    await dialog.getByTestId('scan-input').fill(request.code);
    await dialog.getByTestId('step-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card().getByTestId('request-state').getAttribute('data-state')).toBe('implanted');
    expect(implantCalls).toHaveLength(1);
    const physician = await apiSession(baseUrl, dataDir, DEMO.berg);
    const implanted = (await physician.get<Graft[]>('/physician/archivgrafts')).find(
      (graft) => graft.e_Lot === request.lot,
    );
    expect(implanted?.implantation.outValue).toBe(today);
    expectNoProblems(problems, 'on the implantation');
  }, 60_000);

  it('corrects the implantation date with a reason: the history shows it and the report is filed anew', async () => {
    await card().getByTestId('correct').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, 'correction dialog');
    expect(await dialog.getByTestId('step-date').inputValue()).toBe(today);
    await dialog.getByTestId('step-date').fill(shiftDate(today, -2));
    await dialog.getByTestId('correct-reason').fill('Operated two days earlier; typo');
    await dialog.getByTestId('correct-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await card().getByTestId('history-toggle').click();
    // The bank's corrections of its own dates come first; the physician's is the last.
    const correction = card().getByTestId('history-correction').filter({ hasText: 'Implantation date' });
    await correction.waitFor();
    expect(await correction.textContent()).toContain(`Implantation date corrected: ${today} → ${shiftDate(today, -2)}`);
    expect(await correction.textContent()).toContain('Reason: Operated two days earlier; typo');
    await screenshot(page, 'desktop-request-corrected');

    const physician = await apiSession(baseUrl, dataDir, DEMO.berg);
    const archived = (await physician.get<Graft[]>('/physician/archivgrafts')).find(
      (graft) => graft.e_Lot === request.lot,
    );
    expect(archived?.implantation.outValue).toBe(shiftDate(today, -2));
    expect(archived?.traceabilityReport.outValue).toBe(`Traceability_report_${request.lot} v2.pdf`);
    // Both reports stay, under their own kind (docs/decisions.md "Files").
    expect(archived?.traceabilityReportFiles.map((file) => file.name)).toEqual([
      `Traceability_report_${request.lot}.pdf`,
      `Traceability_report_${request.lot} v2.pdf`,
    ]);
    expectNoProblems(problems, 'on the correction');
  }, 60_000);
});
