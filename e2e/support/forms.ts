import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// What a person reads of a refused form (docs/decisions.md, "Forms that say what they need").

// A field as the server names it: camelCase (`reactionDate`) or with an underscore (`e_Lot`,
// `t_Dproximal`, `query_i_min`), shown as a word; a name such as "gGmbH" is none.
const SERVER_NAME = /\b[a-z]{2,}(?:[A-Z][a-z0-9]+)+\b|\b[a-z]+_[A-Za-z0-9_]+\b/g;
// The source of a regular expression: a negated class, an escape class, a group, anchors.
const EXPRESSION = /\[\^|\\[sdwSDW]|\(\?:|\^\(|\)\$|\]\+\$|\]\*\$/;

/** Fails when a field's server name or a regular expression shows on the page. */
export async function expectNoServerNames(page: Page, where: string) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(SERVER_NAME) ?? [], `server names of fields ${where}`).toEqual([]);
  expect(text, `a regular expression ${where}`).not.toMatch(EXPRESSION);
}

/** The error Mantine shows at an input: the elements its `aria-describedby` names `…-error`. */
export async function fieldError(input: Locator): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** Chooses the app's language with the header's switch, and waits until the page speaks it. */
export async function chooseLanguage(page: Page, language: 'en' | 'de') {
  // The header's: the settings page has a switch of its own.
  await page
    .getByRole('banner')
    .getByTestId('language-switch')
    .getByText(language.toUpperCase(), { exact: true })
    .click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/** The problems so far without the refusals a step provoked on purpose (the browser logs each 4xx). */
export function withoutRefusals(problems: string[], status: number): string[] {
  const kept = problems.filter((problem) => !problem.includes(`status of ${status}`));
  problems.splice(0, problems.length, ...kept);
  return problems;
}
