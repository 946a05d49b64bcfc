import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { alreadyChecked, markChecked } from './coverage';

type AxeResults = axe.AxeResults;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core run in the page itself: its source is put in once per document (a reload drops it). Through
 * `@axe-core/playwright` each check put the 550 kB source in twice and finished in a blank page of its
 * own, several times the cost of the audit (docs/performance.md "CI"). The app shows no frames.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axe.source);
  }
  return page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    AXE_TAGS,
  );
}

/**
 * axe-core on the page as it is now: no violation of any impact, minor and moderate ones included
 * (landmarks, for instance, which screen-reader users navigate by). Every violation is printed with
 * its nodes so a failure says what to fix.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeFindings(page, label), `axe violations on ${label}`).toEqual([]);
}

/** What axe finds on the page as it is now, a line each (printed in full, with the nodes, when any). */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  await markChecked(page);
  // A dialog or toast fading in blends its colours with the page; on a busy machine axe would measure
  // the contrast halfway through. Checked once the transitions have ended (spinners run on), and once
  // every dialog and toast on show is opaque: Mantine starts the fade a frame after mounting it, when
  // no transition runs yet.
  await page.waitForFunction(
    () => {
      const settled = document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        );
      const opaque = (element: Element | null): boolean =>
        element === null || (getComputedStyle(element).opacity === '1' && opaque(element.parentElement));
      const dialogs = Array.from(
        document.querySelectorAll('[role="dialog"], [role="alertdialog"], .mantine-Notification-root'),
      );
      return settled && dialogs.filter((dialog) => dialog.getClientRects().length > 0).every(opaque);
    },
    null,
    { timeout: 5_000 },
  );
  const result = await runAxe(page);
  const describe = result.violations.map(
    (v) =>
      `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
      v.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n'),
  );
  if (describe.length > 0) {
    console.warn(`axe on ${label} (${page.url()}):\n${describe.join('\n')}`);
  }
  return [
    ...result.violations.map((v) => `${v.impact}: ${v.id} (${v.nodes.length}×) ${v.help}`),
    ...unreadableText(result.incomplete).map(
      (target) => `serious: color-contrast (text as dark as its background) ${target}`,
    ),
  ];
}

/**
 * axe files text in the very colour of its background under "incomplete" (it might be hidden on
 * purpose), which is how pills with invisible labels passed unnoticed; on these pages such text is
 * always a fault.
 */
function unreadableText(incomplete: AxeResults['incomplete']): string[] {
  return incomplete
    .filter((rule) => rule.id === 'color-contrast')
    .flatMap((rule) => rule.nodes)
    .filter((node) =>
      node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
    )
    .map((node) => node.target.join(' '));
}

/** The console errors, page errors and failed requests collected so far: none, and then forget them. */
export function expectNoProblems(problems: string[], where: string) {
  const seen = problems.splice(0, problems.length);
  expect(seen, `console errors or failed requests ${where}`).toEqual([]);
}

/** axe on the screen on show, unless the journeys already checked it in this run (same route, same dialog). */
export async function checkScreenOnce(page: Page, label: string) {
  if (!(await alreadyChecked(page))) {
    await expectNoAxeViolations(page, label);
  }
}

/**
 * Every element between a table and the page's main area (and the page itself) that is wider
 * than it shows: a table that overflows makes its wrapper scroll sideways.
 */
export function overflowingWrappers(page: Page): Promise<string[]> {
  return page.locator('main table').evaluateAll((tables) => {
    const found: string[] = [];
    for (const table of tables) {
      for (let node = table.parentElement; node && node.tagName !== 'MAIN'; node = node.parentElement) {
        if (node.scrollWidth > node.clientWidth) {
          found.push(`${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
        }
      }
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      found.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
    }
    return found;
  });
}
