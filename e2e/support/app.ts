import type { Locator, Page } from 'playwright-core';
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
  await expect.poll(async () => (await pageHeading(page).first().textContent())?.trim(), { timeout: 10_000 }).toMatch(text);
}

/** Both handles of the diameter range slider and their values. */
export function diameterThumbs(page: Page) {
  const min = page.getByRole('slider', { name: 'Smallest proximal diameter' });
  const max = page.getByRole('slider', { name: 'Largest proximal diameter' });
  const values = async () => [Number(await min.getAttribute('aria-valuenow')), Number(await max.getAttribute('aria-valuenow'))];
  return { min, max, values };
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
