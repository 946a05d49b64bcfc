import { GRAFT_TYPES } from '@graftmatch/domain';
import { describe, expect, inject, it } from 'vitest';
import { openInApp, settled, shownLots, watchApi } from './support/app';
import { launchPersistentBrowser, openContext, sharedBrowser } from './support/browser';
import { axeFindings, expectNoProblems, expectNoAxeViolations } from './support/checks';
import { DEMO, DEMO_PASSWORD, loginThroughUi, waitForPath } from './support/login';
import { outboxMailNames, readPinFromOutbox } from './support/outbox';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

describe('every page loads without console errors or failed requests, and axe finds no violation', () => {
  it('the pages without a session: login, PIN, forgotten password, recovery link', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    page.setDefaultTimeout(10_000);
    try {
      // The PIN page without the first step's answer sends the visitor to root, and so to login.
      await page.goto('/login/login-tfa');
      await waitForPath(page, '/login');

      for (const [url, heading] of [
        ['/forgot-password', 'Forgot password'],
        ['/recover/not-a-real-token', 'Set a new password'],
        ['/login', 'Log in'],
      ] as const) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expectNoAxeViolations(page, url);
        expectNoProblems(problems, `on ${url}`);
      }

      await page.getByRole('textbox', { name: 'E-mail address' }).fill(DEMO.berg);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      const earlier = await outboxMailNames(dataDir);
      const notBefore = Date.now();
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Enter your PIN' }).waitFor();
      await expectNoAxeViolations(page, 'the PIN page');
      const pin = await readPinFromOutbox(dataDir, DEMO.berg, notBefore, 5000, earlier);
      await page.getByRole('textbox', { name: 'PIN' }).fill(pin);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await waitForPath(page, '/home');
      expectNoProblems(problems, 'on the PIN step');
    } finally {
      await context.close();
    }
  });

  it('every clinic page of a physician, after a reload and inside the app', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'desktop');
    page.setDefaultTimeout(10_000);
    try {
      watchApi(page);
      await loginThroughUi(page, dataDir, DEMO.berg);
      await waitForPath(page, '/home');
      await settled(page, /^Welcome, /);

      // Lots to open: one free (from a search), one current, one archived.
      await openInApp(page, '/home/clinic/current');
      await settled(page, 'Current grafts');
      const [currentLot] = await shownLots(page);
      await openInApp(page, '/home/clinic/archive');
      await settled(page, 'Archived grafts');
      const [archivedLot] = await shownLots(page);
      const results = '/home/clinic/search/aortic_valve?d_min=15&d_max=25&l_min=10&l_l_min=0&l_r_min=0';
      await openInApp(page, results);
      await settled(page, 'Search: Aortic valve');
      const [freeLot] = await shownLots(page);
      expect([freeLot, currentLot, archivedLot].every(Boolean)).toBe(true);
      expectNoProblems(problems, 'while collecting lots');

      const pages: [string, string | RegExp][] = [
        ['/home', /^Welcome, /],
        ['/home/clinic/search', 'Search grafts'],
        ...GRAFT_TYPES.map((type): [string, string] => [`/home/clinic/search/${type.slug}`, `Search: ${type.label}`]),
        [results, 'Search: Aortic valve'],
        ['/home/clinic/waitinglist', 'Waiting list'],
        ['/home/clinic/current', 'Current grafts'],
        ['/home/clinic/archive', 'Archived grafts'],
        ['/home/clinic/followups', 'Follow-ups'],
        [`/home/clinic/graft/${freeLot}`, `Graft ${freeLot}`],
        [`/home/clinic/graft/${currentLot}`, `Graft ${currentLot}`],
        [`/home/clinic/graft/${archivedLot}`, `Graft ${archivedLot}`],
        ['/home/password', 'Change password'],
        ['/home/settings', 'Settings'],
        ['/home/notifications', 'Notifications'],
        ['/home/no-such-page', 'Page not found'],
        ['/home/clinic/search/no_such_type', 'Page not found'],
      ];
      // axe takes most of a second a page; the eight type searches differ only in the branch sliders.
      const sameAsAnother = (url: string) => /search\/(?!aortic_valve$|pulmonary_valve_bifurcation$)[a-z_]+$/.test(url);
      for (const [url, heading] of pages) {
        await openInApp(page, url);
        await settled(page, heading);
        if (!sameAsAnother(url)) {
          await expectNoAxeViolations(page, url);
        }
        expectNoProblems(problems, `on ${url}`);
      }

      // A reload (bookmark, installed app) keeps the session through the refresh cookie.
      for (const [url, heading] of [
        ['/home/clinic/waitinglist', 'Waiting list'],
        [`/home/clinic/graft/${freeLot}`, `Graft ${freeLot}`],
      ] as const) {
        await page.goto(url);
        await settled(page, heading);
        expectNoProblems(problems, `on reloading ${url}`);
      }
    } finally {
      await context.close();
    }
    // Some twenty pages, each with axe: minutes on a busy machine.
  }, 300_000);
});

describe('the accessibility check every journey relies on', () => {
  it('fails on an image without a text, an unnamed button and text as light as its ground, again after a reload', async () => {
    const page = await browser().newPage();
    try {
      const faulty =
        '<html lang="en"><title>Faulty</title><main><h1>Faulty</h1><img src="data:,"><button></button>' +
        '<p style="color:#fff;background:#fff">unreadable</p></main></html>';
      await page.goto(`data:text/html,${encodeURIComponent(faulty)}`);
      const findings = async () => {
        const found = (await axeFindings(page, 'a faulty page')).join('\n');
        expect(found).toMatch(/image-alt/);
        expect(found).toMatch(/button-name/);
        expect(found).toMatch(/color-contrast \(text as dark as its background\)/);
      };
      // The first check puts axe in the page, the second finds it there, a reload drops it.
      await findings();
      await findings();
      await page.reload();
      await findings();
    } finally {
      await page.close();
    }
  });
});

describe('installed as an app', () => {
  it('is installable: Chromium finds the manifest, its icons and the service worker it asks for', async () => {
    // Chromium's own check, the one behind its install prompt (Lighthouse 12 no longer audits it).
    const browser = await launchPersistentBrowser(baseUrl, 'phone');
    try {
      const page = await browser.context.newPage();
      await page.goto('/login');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await browser.context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors, 'the web app manifest parses without errors').toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('opens the login screen offline once the service worker has precached it', async () => {
    const { context, page, problems } = await openContext(browser(), baseUrl, 'phone');
    page.setDefaultTimeout(10_000);
    try {
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await expectNoAxeViolations(page, '/login on a phone');
      // The worker installs after the page loads and is active once it has precached the app shell.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      // The other language's texts and a page loaded on demand come from the precache too.
      await page.getByTestId('language-switch').getByText('DE').click();
      await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      await page.getByTestId('forgot-password-link').click();
      await page.getByRole('heading', { level: 1, name: 'Passwort vergessen' }).waitFor();
      await expectNoAxeViolations(page, 'the forgotten-password page, offline');
      expectNoProblems(problems, 'offline');
    } finally {
      await context.close();
    }
  });
});
