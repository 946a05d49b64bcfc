import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { User } from '@graftmatch/domain';
import { navigate, settled, shownLots, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { apiSession, DEMO, loginThroughUi, waitForPath } from './support/login';
import { installPageClock, shownAfter, watchFor } from './support/pageClock';

// The working set readable without network (docs/security.md "On the device", docs/decisions.md
// "Offline"): each role visits its pages online, the network is cut, the app is reloaded and
// navigated; kept pages open at once, a page never kept says so, a save is refused and keeps what
// was typed; back online everything is live again. Logout and a session ended by an admin leave
// the app's IndexedDB store empty, and the next user of the browser sees nothing of the first.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

const DATABASE = 'graftmatch-offline';
const STORE = 'kept';

/** The app's IndexedDB store, key by key, as text; empty when the app never made it. */
function keptStore(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    async ([database, store]) => {
      // Opening a database that does not exist would make an empty one without the app's store.
      if (!(await indexedDB.databases()).some((known) => known.name === database)) {
        return {};
      }
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store!)) {
          return {};
        }
        const read = <T>(request: IDBRequest<T>) =>
          new Promise<T>((resolve, reject) => {
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
        const objects = db.transaction(store!).objectStore(store!);
        const keys = await read(objects.getAllKeys());
        const values = await read(objects.getAll());
        return Object.fromEntries(keys.map((key, index) => [String(key), String(values[index])]));
      } finally {
        db.close();
      }
    },
    [DATABASE, STORE],
  );
}

/**
 * A query's key as the store writes it: the details of a graft are kept a moment after they show
 * (the store saves at most once a second), and their lot is in the kept list already.
 */
const storedKey = (...key: string[]) => JSON.stringify(key);

/** Waits until the store holds the user's working set with every text of `expected` in it. */
async function expectKept(page: Page, expected: readonly string[]) {
  const userId = await page.evaluate(() => localStorage.getItem('graftmatch.keptFor'));
  expect(userId, 'the signed-in user whose working set is kept').toBeTruthy();
  await expect
    .poll(
      async () => {
        const store = await keptStore(page);
        const kept = store[`working-set:${userId}`] ?? '';
        return { keys: Object.keys(store), missing: expected.filter((text) => !kept.includes(text)) };
      },
      { timeout: 10_000 },
    )
    .toEqual({ keys: [`working-set:${userId}`], missing: [] });
}

/** Runs `step` and expects it done within `ms` of starting. */
async function within(ms: number, what: string, step: (left: number) => Promise<unknown>) {
  const started = Date.now();
  await step(ms);
  const took = Date.now() - started;
  expect(took, `${what} took ${took} ms`).toBeLessThanOrEqual(ms);
}

/**
 * The service worker is active: it controls the pages loaded from now on (it claims no page already
 * open), as a person's next visit would be.
 */
async function serviceWorkerActive(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** The service worker controls the page, so a reload without network still opens the app. */
async function serviceWorkerInCharge(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

const header = (page: Page) => page.getByTestId('push-status');

interface Opening {
  /** What comes before and is not timed: on a phone, opening the navigation. */
  prepare?: () => Promise<void>;
  open: () => Promise<unknown>;
  /** Where the user's wait starts: the reload's navigation, or the tap on a link. */
  since: 'navigation' | 'tap';
}

const reload = (page: Page): Opening => ({ open: () => page.reload({ waitUntil: 'commit' }), since: 'navigation' });

/** Follows a link of the main navigation, the burger on a phone being opened first (not timed). */
function viaLink(page: Page, size: ViewportName, testId: string, path: string): Opening {
  return {
    prepare: async () => {
      if (size === 'phone') {
        await page.getByTestId('nav-burger').click();
      }
      await page.getByTestId(testId).waitFor();
    },
    open: async () => {
      await page.getByTestId(testId).click();
      await waitForPath(page, path);
    },
    since: 'tap',
  };
}

/**
 * A kept page shows the first of `shown` (CSS selectors) within a second of opening, in the page's
 * own clock (support/pageClock.ts), with the offline header and its "as of" line.
 */
async function keptPageOpens(page: Page, what: string, opening: Opening, shown: readonly string[], asOf = true) {
  await opensWithin(1_000, page, `${what} offline`, opening, shown);
  expect(await header(page).getAttribute('data-network')).toBe('offline');
  if (asOf) {
    await page.getByTestId('offline-as-of').waitFor({ timeout: 1_000 });
  }
  await checkScreenOnce(page, `${what}, offline`);
}

/** The page shows the first of `shown` (CSS selectors) within `ms` of opening, in the page's own clock. */
async function opensWithin(ms: number, page: Page, what: string, opening: Opening, shown: readonly string[]) {
  await opening.prepare?.();
  await watchFor(page, shown);
  await opening.open();
  await page.locator(shown.join(', ')).first().waitFor();
  const took = await shownAfter(page, shown, opening.since);
  expect(took, `${what} took ${took} ms`).toBeLessThanOrEqual(ms);
}

const byTestId = (testId: string) => `[data-testid="${testId}"]`;

interface Role {
  email: string;
  size: ViewportName;
  language: 'en' | 'de';
}

/** Opens a fresh browser profile at the role's size and signs in, in the role's language. */
async function signIn(role: Role) {
  const opened = await openContext(browser(), baseUrl, role.size);
  await installPageClock(opened.context);
  opened.page.setDefaultTimeout(15_000);
  watchApi(opened.page);
  await loginThroughUi(opened.page, dataDir, role.email);
  await waitForPath(opened.page, '/home');
  if (role.language === 'de') {
    await opened.page.getByTestId('language-switch').getByText('DE').click();
    await opened.page.getByRole('heading', { level: 1, name: /^Willkommen/ }).waitFor();
  }
  return opened;
}

/**
 * What went wrong offline besides the expected: the photos a details page asks for cannot come
 * (the browser logs each as a failed resource); nothing else may fail.
 */
function unexpectedOfflineProblems(problems: string[]): string[] {
  const photo = /request failed: GET \S+\/api\/file\/getfile\/\S+ net::ERR_INTERNET_DISCONNECTED/;
  const logged = /console error on .*: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;
  return problems.splice(0).filter((problem) => !photo.test(problem) && !logged.test(problem));
}

/**
 * What went wrong coming back online besides the expected: Chromium may tell the page it is online
 * a moment before its service worker (which passes API calls on) has the network again, so a read
 * made at once can fail; the app then asks the server again within seconds, as it would on a Wi-Fi
 * still connecting.
 */
function unexpectedReturnProblems(problems: string[]): string[] {
  const read = /request failed: GET \S+\/api\/\S+ net::ERR_(FAILED|INTERNET_DISCONNECTED)/;
  const logged = /console error on .*: Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/;
  return problems.splice(0).filter((problem) => !read.test(problem) && !logged.test(problem));
}

describe('a physician in the basement, on a phone in English', () => {
  const role: Role = { email: DEMO.berg, size: 'phone', language: 'en' };
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let lot: string;
  let patientCodes: string[];

  beforeAll(async () => {
    ({ context, page, problems } = await signIn(role));
  }, 90_000);
  afterAll(async () => {
    await context?.close();
  });

  it('keeps the working set it saw online: home, waiting list, requests, current grafts and a graft', async () => {
    await page.getByTestId('home-waiting').waitFor();
    await navigate(page, role.size, 'nav-waitinglist', '/home/clinic/waitinglist');
    await settled(page, 'Waiting list');
    await checkScreenOnce(page, 'waiting list');
    patientCodes = await page
      .getByTestId('wl-entry')
      .evaluateAll((nodes) =>
        nodes.map((node) => /([A-Z]-\d{2}-\d{4})$/.exec(node.getAttribute('aria-label') ?? '')?.[1] ?? ''),
      );
    expect(patientCodes.length, 'the demo gives Dr. Berg waiting-list entries').toBeGreaterThan(0);
    await navigate(page, role.size, 'nav-requests', '/home/clinic/requests');
    await settled(page, 'My requests');
    await checkScreenOnce(page, 'my requests');
    await navigate(page, role.size, 'nav-current', '/home/clinic/current');
    await settled(page, 'Current grafts');
    await checkScreenOnce(page, 'current grafts');
    lot = (await shownLots(page))[0]!;
    expect(lot, 'the demo assigns grafts to Dr. Berg’s clinic').toBeTruthy();
    await serviceWorkerActive(page);
    await page.goto(`/home/clinic/graft/${encodeURIComponent(lot)}`);
    await settled(page, `Graft ${lot}`);
    await checkScreenOnce(page, 'a graft’s details');
    await serviceWorkerInCharge(page);
    await expectKept(page, [storedKey('clinic', 'graft', lot), ...patientCodes]);
    expectNoProblems(problems, 'online');
  }, 120_000);

  it('offline, says so in the header within 2 s; after a reload each kept page opens within 1 s', async () => {
    await within(2_000, 'the offline header', async (left) => {
      await context.setOffline(true);
      // On a phone the time is in each page's "as of" line: the header has no room for it.
      await expect.poll(() => header(page).textContent(), { timeout: left }).toBe('Offline');
    });
    await keptPageOpens(page, 'a graft’s details after a reload', reload(page), [byTestId('graft-details')]);
    expect(await page.getByTestId('graft-details').textContent()).toContain(lot);
    await screenshot(page, 'phone-offline-graft');
    await keptPageOpens(
      page,
      'the waiting list',
      viaLink(page, role.size, 'nav-waitinglist', '/home/clinic/waitinglist'),
      [byTestId('wl-entry')],
    );
    expect(await page.getByTestId('offline-as-of').textContent()).toMatch(
      /^As of \d{2}:\d{2} \S+, kept on this device$/,
    );
    await keptPageOpens(page, 'my requests', viaLink(page, role.size, 'nav-requests', '/home/clinic/requests'), [
      byTestId('requests-list'),
      byTestId('requests-empty'),
    ]);
    await keptPageOpens(page, 'current grafts', viaLink(page, role.size, 'nav-current', '/home/clinic/current'), [
      `[data-lot="${lot}"]`,
    ]);
    await keptPageOpens(page, 'home', viaLink(page, role.size, 'nav-home', '/home'), [byTestId('home-waiting')]);
    expect(unexpectedOfflineProblems(problems)).toEqual([]);
  });

  it('a page never kept says so in one sentence within 2 s instead of spinning', async () => {
    await opensWithin(
      2_000,
      page,
      'the archive’s sentence',
      viaLink(page, role.size, 'nav-archive', '/home/clinic/archive'),
      [byTestId('not-kept')],
    );
    expect(await page.getByTestId('not-kept').textContent()).toBe(
      'Not kept on this device: this page opens once you are online again.',
    );
    expect(await page.locator('main .mantine-Loader-root').count()).toBe(0);
    await checkScreenOnce(page, 'the archive, never kept, offline');
    await screenshot(page, 'phone-offline-not-kept');
  });

  it('saving a form offline is refused at once with nothing sent, and the form keeps what was typed', async () => {
    await navigate(page, role.size, 'nav-waitinglist', '/home/clinic/waitinglist');
    await page.getByTestId('wl-entry').first().waitFor();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') {
        sent.push(`${request.method()} ${request.url()}`);
      }
    });
    await page.getByTestId('wl-edit').first().click();
    const edit = page.getByRole('dialog', { name: 'Edit waiting-list entry' });
    await edit.waitFor();
    const phone = edit.getByRole('textbox', { name: 'Phone' });
    await phone.fill('+49 40 555 0199');
    await checkScreenOnce(page, 'editing a waiting-list entry, offline');
    await within(2_000, 'the refusal', async (left) => {
      await edit.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'You are offline — nothing was sent.' })
        .waitFor({ timeout: left });
    });
    expect(await edit.isVisible()).toBe(true);
    expect(await phone.inputValue()).toBe('+49 40 555 0199');
    expect(await page.getByTestId('global-loading').count()).toBe(0);
    expect(sent).toEqual([]);
    await screenshot(page, 'phone-offline-refused');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
  });

  it('back online, the header is live again within 5 s and the kept data is fetched anew', async () => {
    const refreshed = page.waitForResponse((answer) => answer.url().includes('/api/physician/waitinglist'), {
      timeout: 5_000,
    });
    await within(5_000, 'live again', async (left) => {
      await context.setOffline(false);
      await expect.poll(() => header(page).getAttribute('data-status'), { timeout: left }).toBe('live');
    });
    expect(await header(page).textContent()).toBe('Live');
    expect((await refreshed).ok()).toBe(true);
    expect(await page.getByTestId('offline-as-of').count()).toBe(0);
    expect(unexpectedReturnProblems(problems)).toEqual([]);
  });

  it('logout empties the store, and the next user of this browser sees nothing of the first', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-button').click();
    await waitForPath(page, '/login');
    await expect.poll(() => keptStore(page), { timeout: 5_000 }).toEqual({});

    await loginThroughUi(page, dataDir, DEMO.kaya);
    await waitForPath(page, '/home');
    await navigate(page, role.size, 'nav-waitinglist', '/home/clinic/waitinglist');
    await page.getByTestId('wl-list').or(page.getByTestId('wl-empty')).first().waitFor();
    const kaya = await page.evaluate(() => localStorage.getItem('graftmatch.keptFor'));
    await expectKept(page, []);
    const kept = (await keptStore(page))[`working-set:${kaya}`] ?? '';
    expect(patientCodes.filter((code) => kept.includes(code))).toEqual([]);
    expect(kept).not.toContain(lot);
    const text = await page.locator('body').innerText();
    expect(patientCodes.filter((code) => text.includes(code))).toEqual([]);
    expectNoProblems(problems, 'as the next user');
  });

  it('on a shared computer (“this is my device” unticked), nothing is kept at all', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-button').click();
    await waitForPath(page, '/login');
    // Dr. Kaya's account speaks German, and the tab still does: a fresh start speaks the device's language.
    await page.reload();
    await loginThroughUi(page, dataDir, DEMO.kaya, undefined, { sharedDevice: true });
    await waitForPath(page, '/home');
    await navigate(page, role.size, 'nav-waitinglist', '/home/clinic/waitinglist');
    await settled(page, /^(Waiting list|Warteliste)$/);
    // Longer than the store's one-second wait between saves.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await keptStore(page)).toEqual({});
    expectNoProblems(problems, 'on a shared computer');
  });
});

describe('a tissue bank in the basement, on a large screen in German', () => {
  const role: Role = { email: DEMO.bankNorth, size: 'desktop', language: 'de' };
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let lot: string;

  beforeAll(async () => {
    ({ context, page, problems } = await signIn(role));
  }, 90_000);
  afterAll(async () => {
    await context?.close();
  });

  it('keeps the inbox, the first pages of demand and stock, and a donation it opened', async () => {
    await page.getByTestId('counter-open').waitFor();
    await checkScreenOnce(page, 'the bank’s home');
    await navigate(page, role.size, 'nav-eute-requests', '/home/eute/requests');
    await settled(page, 'Anfragen');
    await checkScreenOnce(page, 'the inbox');
    await navigate(page, role.size, 'nav-eute-waitinglist', '/home/eute/waitinglist');
    await page.getByTestId('demand-entry').first().waitFor();
    await checkScreenOnce(page, 'the demand');
    await navigate(page, role.size, 'nav-eute-current', '/home/eute/current');
    await page.locator('[data-testid="graft-row"]').first().waitFor();
    await checkScreenOnce(page, 'the stock');
    lot = (await shownLots(page))[0]!;
    await serviceWorkerActive(page);
    await page.goto(`/home/eute/donation/${encodeURIComponent(lot)}`);
    await page.getByTestId('graft-details').waitFor();
    await checkScreenOnce(page, 'a donation');
    await serviceWorkerInCharge(page);
    await expectKept(page, [storedKey('eute', 'donation', lot)]);
    expectNoProblems(problems, 'online');
  }, 120_000);

  it('offline, the header says so and every kept page opens within 1 s, in German', async () => {
    await within(2_000, 'the offline header', async (left) => {
      await context.setOffline(true);
      await expect
        .poll(() => header(page).textContent(), { timeout: left })
        .toMatch(/^Offline · Daten von \d{2}:\d{2} \S+$/);
    });
    await keptPageOpens(page, 'a donation after a reload', reload(page), [byTestId('graft-details')]);
    expect(await page.getByTestId('offline-as-of').textContent()).toMatch(
      /^Stand \d{2}:\d{2} \S+, auf diesem Gerät gespeichert$/,
    );
    await screenshot(page, 'desktop-offline-donation');
    await keptPageOpens(page, 'the stock', viaLink(page, role.size, 'nav-eute-current', '/home/eute/current'), [
      `${byTestId('graft-row')}[data-lot="${lot}"]`,
    ]);
    await keptPageOpens(
      page,
      'the demand',
      viaLink(page, role.size, 'nav-eute-waitinglist', '/home/eute/waitinglist'),
      [byTestId('demand-entry')],
    );
    await keptPageOpens(page, 'the inbox', viaLink(page, role.size, 'nav-eute-requests', '/home/eute/requests'), [
      byTestId('inbox-graft'),
      byTestId('inbox-empty'),
    ]);
    await opensWithin(
      2_000,
      page,
      'the archive’s sentence',
      viaLink(page, role.size, 'nav-eute-archive', '/home/eute/archive'),
      [byTestId('not-kept')],
    );
    expect(await page.getByTestId('not-kept').textContent()).toBe(
      'Nicht auf diesem Gerät gespeichert: Die Seite öffnet sich, sobald Sie wieder online sind.',
    );
    await checkScreenOnce(page, 'the donations archive, never kept, offline');
    expect(unexpectedOfflineProblems(problems)).toEqual([]);
  });

  it('a form saved offline says so within 2 s and keeps what was typed', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Passwort ändern' }).click();
    await waitForPath(page, '/home/password');
    await page.getByTestId('old-password').fill('demo-graftmatch');
    await page.getByTestId('new-password').fill('basement-graft-2026');
    await page.getByTestId('repeat-password').fill('basement-graft-2026');
    await within(2_000, 'the refusal', async (left) => {
      await page.getByTestId('change-password-submit').click();
      await page.getByTestId('form-error').waitFor({ timeout: left });
    });
    expect(await page.getByTestId('form-error').textContent()).toBe('Sie sind offline – es wurde nichts gesendet.');
    expect(await page.getByTestId('old-password').inputValue()).toBe('demo-graftmatch');
    await checkScreenOnce(page, 'changing the password, offline');
  });

  it('back online, live again within 5 s; a session an admin ends leaves the store empty', async () => {
    await within(5_000, 'live again', async (left) => {
      await context.setOffline(false);
      await expect.poll(() => header(page).getAttribute('data-status'), { timeout: left }).toBe('live');
    });
    expect(await header(page).textContent()).toBe('Live');
    expect(Object.keys(await keptStore(page))).toHaveLength(1);
    expect(unexpectedReturnProblems(problems)).toEqual([]);

    const admin = await apiSession(baseUrl, dataDir, DEMO.admin);
    const users = await admin.get<User[]>('/admin/users');
    const bank = users.find((user) => user.email === DEMO.bankNorth)!;
    await admin.post(`/admin/user/endsessions/${bank.id}`, {});
    // Reopened, the app finds the session ended at its first call (the push connection's token):
    // it goes to login and empties the store.
    await page.reload();
    await waitForPath(page, '/login');
    await expect.poll(() => keptStore(page), { timeout: 5_000 }).toEqual({});
    // The refused calls of the ended session are expected; nothing else went wrong.
    expect(problems.splice(0).filter((problem) => !/status of 401/.test(problem))).toEqual([]);
  });
});
