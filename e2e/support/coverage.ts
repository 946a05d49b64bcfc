/// <reference lib="dom" />
// Page-side functions below need the DOM types, also in the bench project, which imports the browser helpers.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Which screens the journeys showed, and which of them axe looked at. A screen is a route
 * (parameters folded, so every graft's details page is one screen) plus the modal dialog open on it
 * (named by its heading). What axe checked counts for the whole run (the journeys share one module
 * state, e2e/vitest.config.ts), so it looks at each screen once per run; what a file showed is
 * counted per file (`forgetShownScreens`). After each file, every screen it showed must have been
 * checked (see `expectEveryScreenChecked`), so a new page or dialog cannot slip past the check.
 */
const shown = new Set<string>();
const checked = new Set<string>();
/**
 * The groups of journeys that run side by side (scripts/test.mjs) note what axe checked in one file
 * they share, so a screen one group checked is not checked again by the other.
 */
const sharedLedger = process.env.E2E_AXE_LEDGER;

function checkedInRun(entry: string): boolean {
  if (!checked.has(entry) && sharedLedger && existsSync(sharedLedger)) {
    readFileSync(sharedLedger, 'utf8')
      .split('\n')
      .forEach((line) => line && checked.add(line));
  }
  return checked.has(entry);
}

/** Routes that only forward elsewhere at once, so nobody ever sees them. */
const FORWARDING = new Set(['/']);

/** The route of a path, with its parameters folded: `/home/clinic/graft/:lot`. */
export function routeOf(pathname: string): string {
  return pathname
    .replace(/^\/recover\/[^/]+$/, '/recover/:token')
    .replace(/^\/home\/clinic\/search\/[^/]+$/, '/home/clinic/search/:type')
    .replace(/^\/home\/clinic\/graft\/[^/]+$/, '/home/clinic/graft/:lot')
    .replace(/^\/home\/eute\/donation\/[^/]+$/, '/home/eute/donation/:lot')
    .replace(/^\/home\/grafts\/[^/]+\/history$/, '/home/grafts/:lot/history')
    .replace(/^\/home\/imports\/logs\/[^/]+$/, '/home/imports/logs/:id');
}

/**
 * A route at a size (phones get other layouts), with the dialog open on it if any. A dialog is
 * named by its title up to the dash before the object it is about ("Receive package – LOT …"),
 * so that one dialog for every graft is one screen.
 */
function screen(page: Page, dialog?: string): string {
  const size = (page.viewportSize()?.width ?? 0) < 700 ? 'phone' : 'desktop';
  const route = `${routeOf(new URL(page.url()).pathname)} (${size})`;
  return dialog ? `${route} with dialog “${dialog.split(' – ')[0]}”` : route;
}

/**
 * Records what the context's pages show: each route they arrive at and each dialog that opens
 * (a binding on the context, so it survives reloads).
 */
export async function trackScreens(context: BrowserContext) {
  await context.exposeBinding('__graftmatchDialogOpened', ({ page }, name: string) => {
    shown.add(screen(page, name));
  });
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const report = () => {
      document.querySelectorAll('[aria-modal="true"]').forEach((dialog) => {
        if (!seen.has(dialog)) {
          seen.add(dialog);
          const name = dialog.querySelector('h1, h2, h3')?.textContent ?? dialog.getAttribute('aria-label');
          void (window as unknown as { __graftmatchDialogOpened: (name: string) => void }).__graftmatchDialogOpened(
            name?.trim() || 'unnamed',
          );
        }
      });
    };
    new MutationObserver(report).observe(document, { childList: true, subtree: true });
  });
}

export function trackPage(page: Page) {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      if (!FORWARDING.has(new URL(frame.url()).pathname)) {
        shown.add(screen(page));
      }
    }
  });
}

/** The screen on show now: its route, and the route with each dialog open on it. */
async function screensOnShow(page: Page): Promise<string[]> {
  const dialogs = await page.locator('[aria-modal="true"]').evaluateAll((nodes) =>
    nodes.map((dialog) => {
      const name = dialog.querySelector('h1, h2, h3')?.textContent ?? dialog.getAttribute('aria-label');
      return name?.trim() || 'unnamed';
    }),
  );
  return [screen(page), ...dialogs.map((dialog) => screen(page, dialog))];
}

/** Notes that axe looked at the screen on show now. */
export async function markChecked(page: Page) {
  const entries = await screensOnShow(page);
  entries.forEach((entry) => checked.add(entry));
  if (sharedLedger) {
    appendFileSync(sharedLedger, entries.map((entry) => `${entry}\n`).join(''));
  }
}

/** Has axe already looked at the screen on show now? */
export async function alreadyChecked(page: Page): Promise<boolean> {
  return (await screensOnShow(page)).every(checkedInRun);
}

/** A file starts: the screens earlier files showed are theirs to answer for. */
export function forgetShownScreens() {
  shown.clear();
}

/** Every screen this file's journeys showed was checked by axe at least once (here or earlier in the run). */
export function expectEveryScreenChecked() {
  expect([...shown].filter((entry) => !checkedInRun(entry)).sort(), 'screens shown but never checked by axe').toEqual(
    [],
  );
}
