import type { BrowserContext, Page } from 'playwright-core';

// How long a page took to show something, in the page's own clock: from the start of its
// navigation (a reload) or from the tap that opened it, to the moment the awaited element entered
// the document. The test's own round trips to the browser, which a loaded machine stretches, are
// not the user's wait and are not counted (docs/decisions.md, "CI").

const WATCH_KEY = 'e2e.pageClock.watch';

interface PageClock {
  /** When each watched selector first matched an element added to the document, in ms. */
  shown: Record<string, number>;
  /** The clicks since the watch started, in ms. */
  taps: number[];
}

declare global {
  interface Window {
    __pageClock?: PageClock;
  }
}

/** Starts the clock in every page of the context, before any of the app's own scripts. */
export async function installPageClock(context: BrowserContext): Promise<void> {
  await context.addInitScript((watchKey) => {
    // Read from the window each time: watchFor starts a new one.
    window.__pageClock = { shown: {}, taps: [] };
    addEventListener('click', () => window.__pageClock?.taps.push(performance.now()), true);
    new MutationObserver((records) => {
      const now = performance.now();
      const clock = window.__pageClock;
      let watched: string[] = [];
      try {
        watched = JSON.parse(sessionStorage.getItem(watchKey) ?? '[]');
      } catch {
        // A page without storage of its own (about:blank) is never watched.
      }
      if (!clock || watched.length === 0) {
        return;
      }
      const added = records.flatMap((record) => Array.from(record.addedNodes));
      for (const selector of watched) {
        if (clock.shown[selector] !== undefined) {
          continue;
        }
        if (added.some((node) => node instanceof Element && (node.matches(selector) || node.querySelector(selector)))) {
          clock.shown[selector] = now;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, WATCH_KEY);
}

/** From now on, notes when any of `selectors` first appears (and the taps), in this page and after its reload. */
export async function watchFor(page: Page, selectors: readonly string[]): Promise<void> {
  await page.evaluate(
    ([watchKey, watched]) => {
      sessionStorage.setItem(watchKey, JSON.stringify(watched));
      window.__pageClock = { shown: {}, taps: [] };
    },
    [WATCH_KEY, selectors] as const,
  );
}

/**
 * Milliseconds from the start of the page's navigation (`since: 'navigation'`) or from the first tap
 * after `watchFor` (`since: 'tap'`) to the first of `selectors` appearing.
 */
export async function shownAfter(
  page: Page,
  selectors: readonly string[],
  since: 'navigation' | 'tap',
): Promise<number> {
  const clock = await page.evaluate(() => window.__pageClock);
  if (!clock) {
    throw new Error('the page clock is not installed in this context (installPageClock)');
  }
  const times = selectors.map((selector) => clock.shown[selector]).filter((time) => time !== undefined);
  if (times.length === 0) {
    throw new Error(`none of ${selectors.join(', ')} was seen entering the page`);
  }
  const start = since === 'navigation' ? 0 : clock.taps[0];
  if (start === undefined) {
    throw new Error('no tap was seen since the watch started');
  }
  return Math.round(Math.min(...times) - start);
}
