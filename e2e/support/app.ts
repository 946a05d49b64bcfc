import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { ViewportName } from './browser';
import { waitForPath } from './login';

/**
 * Follows a link of the main navigation as a person would at this size: on a phone the
 * navigation sits behind the burger, which closes again after the choice.
 */
export async function navigate(page: Page, size: ViewportName, testId: string, path: string | RegExp) {
  if (size === 'phone') {
    await page.getByTestId('nav-burger').click();
  }
  await page.getByTestId(testId).click();
  await waitForPath(page, path);
}

/** The page's one h1. */
export function pageHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

export async function expectHeading(page: Page, text: string | RegExp) {
  await expect
    .poll(async () => (await pageHeading(page).first().textContent())?.trim(), { timeout: 10_000 })
    .toMatch(text);
}

/** Both handles of the diameter range slider and their values. */
export function diameterThumbs(page: Page) {
  const min = page.getByRole('slider', { name: 'Smallest proximal diameter' });
  const max = page.getByRole('slider', { name: 'Largest proximal diameter' });
  const values = async () => [
    Number(await min.getAttribute('aria-valuenow')),
    Number(await max.getAttribute('aria-valuenow')),
  ];
  return { min, max, values };
}

/** The diameter range the number fields beside the slider show, as `15–25 mm`. */
export async function shownDiameter(scope: Page | Locator): Promise<string> {
  const value = (name: string) => scope.getByRole('textbox', { name }).inputValue();
  const [min, max] = [await value('Smallest proximal diameter'), await value('Largest proximal diameter')];
  return `${min.replace(' mm', '')}–${max}`;
}

/** Presses a key on a slider thumb `times` times, as a keyboard user moving the handle. */
export async function pressOn(thumb: Locator, key: string, times = 1) {
  await thumb.focus();
  for (let i = 0; i < times; i += 1) {
    await thumb.press(key);
  }
}

/** The LOTs of the grafts shown (table rows on large screens, cards on small ones), in order. */
export function shownLots(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="graft-row"], [data-testid="graft-card"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-lot') ?? ''));
}

/**
 * Waits until a search's answer is on screen: the result caption or the empty state, and the
 * global loading indicator gone. Answers the shown LOTs.
 */
export async function settledResults(page: Page): Promise<string[]> {
  await page.locator('text=/free grafts?, the best fit first/').or(page.getByTestId('search-empty')).first().waitFor();
  await page.getByTestId('global-loading').waitFor({ state: 'detached' });
  return shownLots(page);
}

/**
 * Waits for the notification with this text and closes it, so it does not cover the header
 * (language switch, account menu, burger) for the seconds until it closes by itself.
 */
export async function closeNotification(page: Page, text: string) {
  const note = page.getByRole('alert').filter({ hasText: text });
  await note.waitFor();
  await note.getByRole('button').click();
  await note.waitFor({ state: 'detached' });
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's API calls in flight, for `apiIdle`. Call once, right after opening the page. */
export function watchApi(page: Page) {
  const running = new Set<Request>();
  inFlight.set(page, running);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && !request.url().includes('/api/push')) {
      running.add(request);
    }
  });
  const done = (request: Request) => running.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // Chromium reports no `requestfinished` for a page's call that the service worker answered (it
  // passes /api through to the network): its response ends it.
  page.on('response', (response) => {
    if (response.fromServiceWorker()) {
      done(response.request());
    }
  });
}

/**
 * Network idle for a single-page app: no API call in flight for `quietMs` (the load event's
 * idle state says nothing after the first page). Needs `watchApi`.
 */
export async function apiIdle(page: Page, quietMs = 150, timeoutMs = 10_000) {
  const running = inFlight.get(page);
  if (!running) {
    throw new Error('apiIdle needs watchApi(page) first');
  }
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) {
      const calls = [...running].map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
      throw new Error(`API calls still running after ${timeoutMs} ms: ${calls.join(', ')}`);
    }
    if (running.size > 0) {
      quietSince = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The page shows `heading`, its data has arrived, and no loader is left. */
export async function settled(page: Page, heading: string | RegExp) {
  await expectHeading(page, heading);
  await apiIdle(page);
  await page.getByTestId('global-loading').waitFor({ state: 'detached' });
  await noLoaderLeft(page);
}

/** No loader is left in the page's main part, however many sections were loading at once. */
export async function noLoaderLeft(page: Page) {
  await page.waitForFunction(() => document.querySelector('main .mantine-Loader-root') === null);
}

/**
 * Opens a route inside the running app, as a link would (no reload, so no extra session refresh
 * per page: the auth routes are rate limited per address and the whole run shares one).
 */
export async function openInApp(page: Page, url: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL((current) => current.pathname + current.search === url);
}
