import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiIdle, noLoaderLeft, openInApp, pageHeading, shownLots } from './support/app';
import { sharedBrowser, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems, overflowingWrappers } from './support/checks';
import { chooseLanguage } from './support/forms';
import { DEMO } from './support/login';
import { signedInPage } from './support/session';

// Every page of every role fits (docs/decisions.md "Locale done properly"): at 1280 × 800, in
// English and in German, neither the page nor any table scrolls sideways; at 390 × 844, in German
// (the longer words), the page does not; and axe finds nothing on any of them, at both sizes.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

const SEARCH = '/home/clinic/search/aortic_valve?d_min=15&d_max=25&l_min=10&l_l_min=0&l_r_min=0';

/** Each role's pages; the first LOT of one list adds its details page. */
const ROLES = [
  {
    email: DEMO.berg,
    pages: [
      '/home',
      '/home/clinic/search',
      SEARCH,
      '/home/clinic/waitinglist',
      '/home/clinic/requests',
      '/home/clinic/followups',
      '/home/clinic/archive',
      '/home/clinic/current',
      '/home/vigilance',
      '/home/notifications',
      '/home/settings',
      '/home/password',
    ],
    details: { list: '/home/clinic/current', page: (lot: string) => `/home/clinic/graft/${lot}` },
  },
  {
    email: DEMO.bankNorth,
    pages: [
      '/home',
      '/home/eute/waitinglist',
      '/home/eute/requests',
      '/home/eute/archive',
      '/home/vigilance',
      '/home/imports',
      '/home/imports/logs',
      '/home/notifications',
      '/home/settings',
      '/home/eute/current',
    ],
    details: { list: '/home/eute/current', page: (lot: string) => `/home/eute/donation/${lot}` },
  },
  {
    email: DEMO.admin,
    pages: [
      '/home',
      '/home/admin/users',
      '/home/admin/clinics',
      '/home/admin/eutes',
      '/home/admin/auditlog',
      '/home/admin/mails',
      '/home/settings',
    ],
    details: null,
  },
] as const;

/** A page opened in the app, its data there and no loader left. */
async function open(page: Page, url: string) {
  await openInApp(page, url);
  await pageHeading(page).first().waitFor();
  await apiIdle(page);
  await page.getByTestId('global-loading').waitFor({ state: 'detached' });
  await noLoaderLeft(page);
}

/** What does not fit: every table's wrappers and the page on a desktop, the page on a phone. */
async function unfit(page: Page, size: ViewportName): Promise<string[]> {
  if (size === 'desktop') {
    return overflowingWrappers(page);
  }
  return page.evaluate(() => {
    const root = document.documentElement;
    return root.scrollWidth > root.clientWidth ? [`page: ${root.scrollWidth} > ${root.clientWidth}`] : [];
  });
}

async function everyPage(page: Page, size: ViewportName, role: (typeof ROLES)[number]): Promise<string[]> {
  const found: string[] = [];
  const urls: string[] = [...role.pages];
  for (const url of urls) {
    await open(page, url);
    found.push(...(await unfit(page, size)).map((what) => `${url}: ${what}`));
    // Every screen shown is checked by axe, once a file (e2e/support/coverage.ts).
    await checkScreenOnce(page, `${url} (${size})`);
    if (role.details?.list === url) {
      const [lot] = await shownLots(page);
      expect(lot, `a LOT on ${url}`).toBeTruthy();
      urls.push(role.details.page(lot!));
    }
  }
  return found;
}

describe.each(ROLES)('every page of $email fits', (role) => {
  it('at 1280 × 800 in English and in German, tables included', async () => {
    const { context, page, problems } = await signedInPage(browser(), baseUrl, dataDir, 'desktop', role.email);
    try {
      expect(await everyPage(page, 'desktop', role)).toEqual([]);
      await chooseLanguage(page, 'de');
      expect(await everyPage(page, 'desktop', role)).toEqual([]);
      expectNoProblems(problems, `on the pages of ${role.email}`);
    } finally {
      await chooseLanguage(page, 'en');
      await context.close();
    }
  });

  it('at 390 × 844 in German', async () => {
    const { context, page, problems } = await signedInPage(browser(), baseUrl, dataDir, 'phone', role.email);
    try {
      await chooseLanguage(page, 'de');
      expect(await everyPage(page, 'phone', role)).toEqual([]);
      expectNoProblems(problems, `on the pages of ${role.email} on a phone`);
    } finally {
      await chooseLanguage(page, 'en');
      await context.close();
    }
  });
});
