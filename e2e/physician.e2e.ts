import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  closeNotification,
  diameterThumbs,
  expectHeading,
  navigate,
  pressOn,
  settledResults,
  shownDiameter,
  shownLots,
} from './support/app';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems, expectNoAxeViolations } from './support/checks';
import { DEMO, loginThroughUi, waitForPath } from './support/login';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/**
 * The whole physician journey, once at a phone size and once on a ward PC. Each step
 * builds on the one before (one browser profile per size), and each ends with no console error
 * and no failed request.
 */
describe.each<ViewportName>(['phone', 'desktop'])('physician journey at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  // Years outside the demo data's 2010-2024, so this journey's own entry is unmistakable.
  const patientYear = size === 'phone' ? 1998 : 1999;
  let searchUrl = '';

  beforeAll(async () => {
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('logs in with password and the PIN from the mail, and lands on home', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await screenshot(page, `${size}-login`);
    await expectNoAxeViolations(page, `login (${size})`);

    await loginThroughUi(page, dataDir, DEMO.berg);
    await waitForPath(page, '/home');
    await expectHeading(page, 'Welcome, Dr. med. Jonas Berg');
    await page.getByTestId('area-clinic').waitFor();
    expectNoProblems(problems, 'on login and home');
  });

  it('searches aortic valves, and other diameters give other results', async () => {
    await navigate(page, size, 'nav-search', '/home/clinic/search');
    await expectHeading(page, 'Search grafts');
    await checkScreenOnce(page, `search (${size})`);
    await page.getByRole('button', { name: 'Aortic valve' }).click();
    await waitForPath(page, '/home/clinic/search/aortic_valve');
    await expectHeading(page, 'Search: Aortic valve');

    const { max, values } = diameterThumbs(page);
    expect(await values()).toEqual([5, 15]);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/d_min=5&d_max=15/);
    const before = await settledResults(page);

    // A successful search folds the filter away; it comes back on request.
    await page.getByRole('button', { name: 'Show filter' }).click();
    // The upper handle moved 10 mm up drags the lower one along (span at most 10).
    await pressOn(max, 'ArrowRight', 10);
    expect(await values()).toEqual([15, 25]);
    await expect.poll(() => shownDiameter(page)).toBe('15–25 mm');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/d_min=15&d_max=25/);
    await expect.poll(() => shownLots(page), { timeout: 10_000 }).not.toEqual(before);
    const after = await settledResults(page);
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    searchUrl = page.url();

    // Large screens show a table, small ones cards.
    await page.getByTestId(size === 'desktop' ? 'graft-table' : 'graft-cards').waitFor();
    await screenshot(page, `${size}-search-results`);
    await expectNoAxeViolations(page, `search results (${size})`);
    expectNoProblems(problems, 'on the search');
  });

  it('moving the lower diameter handle past the span of 10 (keys and pointer) makes the upper one follow', async () => {
    await page.getByRole('button', { name: 'Show filter' }).click();
    const { min, max, values } = diameterThumbs(page);
    expect(await values()).toEqual([15, 25]);
    await pressOn(min, 'ArrowLeft');
    expect(await values()).toEqual([14, 24]);
    await pressOn(min, 'ArrowLeft', 4);
    expect(await values()).toEqual([10, 20]);
    await expect.poll(() => shownDiameter(page)).toBe('10–20 mm');
    // Within the span the other handle stays where it is.
    await pressOn(min, 'ArrowRight', 3);
    expect(await values()).toEqual([13, 20]);
    await pressOn(max, 'ArrowLeft', 2);
    expect(await values()).toEqual([13, 18]);

    // The same with the pointer: the lower handle dragged to the far left (5) pulls the upper one to 15.
    const thumb = await min.boundingBox();
    const track = await page.getByTestId('diameter-slider').boundingBox();
    expect(thumb && track).toBeTruthy();
    await page.mouse.move(thumb!.x + thumb!.width / 2, thumb!.y + thumb!.height / 2);
    await page.mouse.down();
    await page.mouse.move(track!.x - 20, thumb!.y + thumb!.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await values()).toEqual([5, 15]);
    await expect.poll(() => shownDiameter(page)).toBe('5–15 mm');
    expectNoProblems(problems, 'on the diameter slider');
  });

  it('opens a graft’s details, whose request link mails the tissue bank with the right subject', async () => {
    const [lot] = await shownLots(page);
    expect(lot).toBeTruthy();
    await page.getByTestId(`details-${lot}`).click();
    await waitForPath(page, `/home/clinic/graft/${encodeURIComponent(lot!)}`);
    await page.getByTestId('graft-details').waitFor();
    await expectHeading(page, `Graft ${lot}`);
    expect(await page.getByTestId('graft-status').textContent()).toBe('Free');
    await checkScreenOnce(page, `graft details (${size})`);

    const href = await page.getByTestId('request-link').getAttribute('href');
    expect(href).toMatch(/^mailto:/);
    const mail = new URL(href!);
    expect(mail.searchParams.get('subject')).toBe(`Request for graft with LOT ${lot} via GraftMatch`);
    const contact = await page.getByRole('link', { name: decodeURIComponent(mail.pathname) }).count();
    expect(contact, 'the mail goes to the contact shown under Identification').toBeGreaterThan(0);
    const body = mail.searchParams.get('body') ?? '';
    expect(body).toContain(lot);
    expect(body).toContain('Dr. med. Jonas Berg');
    expect(body).toContain('+49 40 555 0311');
    await screenshot(page, `${size}-details`);
    expectNoProblems(problems, 'on the graft details');
  });

  it('the Request button in the results opens the same mail', async () => {
    await page.goto(searchUrl);
    const [lot] = await settledResults(page);
    // The button sends the window to the mailto: address; the browser reports that as a request
    // it cannot serve, which is caught here instead of a mail program opening.
    const mailto = page.waitForRequest((request) => request.url().startsWith('mailto:'), { timeout: 10_000 });
    await page.getByRole('button', { name: `Request by mail — not tracked in GraftMatch: graft ${lot}` }).click();
    const mail = new URL((await mailto).url());
    expect(mail.searchParams.get('subject')).toBe(`Request for graft with LOT ${lot} via GraftMatch`);
    expect(mail.searchParams.get('body')).toContain('Dr. med. Jonas Berg');
    expect(page.url()).toBe(searchUrl);
    expectNoProblems(problems, 'on the request from the results');
  });

  it('adds the search to the waiting list, edits the entry and removes it again', async () => {
    // The entries before: other journeys on this server may have closed some of the demo's.
    await page.goto('/home/clinic/waitinglist');
    await expectHeading(page, 'Waiting list');
    await page.getByTestId('wl-list').or(page.getByTestId('wl-empty')).first().waitFor();
    const before = await page.getByTestId('wl-entry').count();
    await page.goto(searchUrl);
    await settledResults(page);
    await page.getByRole('button', { name: 'Add to waiting list' }).click();
    const add = page.getByRole('dialog', { name: 'Add search to waiting list' });
    await add.waitFor();
    // The modal starts from the submitted search.
    expect(await shownDiameter(add)).toBe('15–25 mm');
    await add.getByRole('textbox', { name: 'Initial' }).fill('z');
    await add.getByRole('textbox', { name: 'Birth month' }).fill('11');
    await add.getByRole('textbox', { name: 'Birth year' }).fill(String(patientYear));
    const code = `Z-11-${patientYear}`;
    await expect.poll(() => add.getByTestId('patient-code-preview').textContent()).toBe(`Code: ${code}`);
    await expectNoAxeViolations(page, `waiting-list form (${size})`);
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await waitForPath(page, '/home/clinic/waitinglist');
    await expectHeading(page, 'Waiting list');
    await closeNotification(page, 'The search was added to your waiting list.');

    const entry = (patient: string) => page.getByRole('article', { name: `Aortic valve for patient ${patient}` });
    await entry(code).waitFor();
    expect(await entry(code).textContent()).toContain('15–25 mm');
    const entries = page.getByTestId('wl-entry');
    const count = await entries.count();
    expect(count, 'the physician’s entries, plus this one').toBe(before + 1);

    // Edit: a different birth month and a longer minimum length.
    await entry(code).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit waiting-list entry' });
    await edit.waitFor();
    await edit.getByRole('textbox', { name: 'Birth month' }).fill('12');
    await checkScreenOnce(page, `editing a waiting-list entry (${size})`);
    await pressOn(edit.getByRole('slider', { name: 'Minimum total length' }), 'ArrowRight', 5);
    await edit.getByRole('button', { name: 'Save' }).click();
    await closeNotification(page, 'The waiting-list entry was saved.');
    const edited = `Z-12-${patientYear}`;
    await entry(edited).waitFor();
    expect(await entry(edited).textContent()).toContain('≥ 15 mm');
    expect(await entry(code).count()).toBe(0);
    await page.getByTestId('global-loading').waitFor({ state: 'detached' });
    await screenshot(page, `${size}-waiting-list`);
    await expectNoAxeViolations(page, `waiting list (${size})`);

    // Remove, after the confirmation; cancelling first keeps the entry.
    await entry(edited).getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove entry?' });
    await confirm.waitFor();
    await checkScreenOnce(page, `removing a waiting-list entry (${size})`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await entry(edited).count()).toBe(1);
    await entry(edited).getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await closeNotification(page, 'The waiting-list entry was removed.');
    await entry(edited).waitFor({ state: 'detached' });
    expect(await entries.count()).toBe(count - 1);
    expectNoProblems(problems, 'on the waiting list');
  });

  it('a waiting-list entry opens its fitting grafts with one click', async () => {
    const first = page.getByTestId('wl-entry').first();
    const matches = await first.getByTestId('wl-matches').textContent();
    await first.getByRole('link', { name: 'Show matches' }).click();
    await waitForPath(page, /^\/home\/clinic\/search\/[a-z_]+$/);
    const lots = await settledResults(page);
    expect(matches).toMatch(/^\d+ fitting grafts?$/);
    // The count on the card only takes grafts that do not expire before the implant window.
    expect(lots.length).toBeGreaterThanOrEqual(Number(matches!.split(' ')[0]));
    expectNoProblems(problems, 'on the matches of an entry');
  });

  it('opens current and archived grafts and their details', async () => {
    for (const [testId, path, title, status] of [
      ['nav-current', '/home/clinic/current', 'Current grafts', 'Current'],
      ['nav-archive', '/home/clinic/archive', 'Archived grafts', 'Archive'],
    ] as const) {
      await navigate(page, size, testId, path);
      await expectHeading(page, title);
      await page.getByTestId('results-caption').first().waitFor();
      await checkScreenOnce(page, `${title} (${size})`);
      const [lot] = await shownLots(page);
      expect(lot, `${title} lists grafts of the demo clinic`).toBeTruthy();
      await page.getByTestId(`details-${lot}`).click();
      await page.getByTestId('graft-details').waitFor();
      expect(await page.getByTestId('graft-status').textContent()).toBe(status);
      // Assigned grafts name their patient; only free ones can be requested.
      expect(await page.getByTestId('graft-patient-code').textContent()).toMatch(/^([A-Z]-\d{2}-\d{4}|n\.d\.)$/);
      expect(await page.getByTestId('request-link').count()).toBe(0);
    }
    expectNoProblems(problems, 'on current and archived grafts');
  });

  it('switches to German', async () => {
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('DE', { exact: true }).click();
    await expectHeading(page, 'Graft '); // the details title reads the same in both languages
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await navigate(page, size, 'nav-archive', '/home/clinic/archive');
    await expectHeading(page, 'Archivierte Grafts');
    await page.getByRole('radiogroup', { name: 'Sprache' }).waitFor();
    expect(await page.getByTestId('nav-waitinglist').textContent()).toBe('Warteliste');
    expectNoProblems(problems, 'in German');
  });

  it('logs out and is sent to root, and from there to login', async () => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        visited.push(new URL(frame.url()).pathname);
      }
    });
    await page.getByRole('button', { name: 'Konto' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await waitForPath(page, '/login');
    expect(visited).toEqual(['/', '/login']);
    // The language is the device's and stays; the session does not.
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.goto('/home/clinic/waitinglist');
    await waitForPath(page, '/login');
    expectNoProblems(problems, 'on logout');
  });
});
