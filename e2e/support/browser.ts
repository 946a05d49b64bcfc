import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { expectEveryScreenChecked, forgetShownScreens, trackPage, trackScreens } from './coverage';

/** The full browser, as a person runs it: installing the app needs it (`launchPersistentBrowser`), and Lighthouse. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium's headless shell (Debian's chromium-headless-shell): the same engine without the
 * browser's windows, Playwright's own choice for headless runs, and about a sixth less CPU per
 * journey (docs/performance.md "CI"). The full browser where it is not installed.
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const HEADLESS_SHELL_PATH = existsSync(headlessShell) ? headlessShell : CHROMIUM_PATH;
export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs`: more Chromium switches, e.g. a fake camera for the scanner journey. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A browser with a profile on disk, as a person's is: Chromium installs apps only from such a
 * profile (every context of `launchBrowser` is an incognito one). Closing it removes the profile.
 */
export async function launchPersistentBrowser(baseUrl: string, viewport: ViewportName) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One Chromium for a test file: started before its tests, closed after them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    forgetShownScreens();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expectEveryScreenChecked();
  });
  return () => {
    if (!browser) {
      throw new Error('the browser is started in beforeAll');
    }
    return browser;
  };
}

/** A fresh browser profile at the given size (and time zone) that records console errors and failed requests. */
export async function openContext(
  browser: Browser,
  baseUrl: string,
  viewport: ViewportName,
  options: { timezoneId?: string } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    ...options,
  });
  const problems: string[] = [];
  await trackScreens(context);
  context.on('page', (page) => {
    watchPage(page, problems);
    trackPage(page);
  });
  const page = await context.newPage();
  return { context, page, problems };
}

function watchPage(page: Page, problems: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') {
      // The location names the resource of a "Failed to load resource" line, which its text does not.
      problems.push(`console error on ${page.url()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A navigation away cancels requests still running; that is not a failure of the app.
    if (!failure.includes('ERR_ABORTED')) {
      problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
    }
  });
}

export async function screenshot(page: Page, name: string) {
  // CI sets E2E_SCREENSHOTS=off: nobody reads them there, and a full page costs a core for a while.
  if (process.env.E2E_SCREENSHOTS === 'off') {
    return;
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
