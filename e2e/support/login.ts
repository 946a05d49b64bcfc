import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkScreenOnce } from './checks';
import { expectPin, type Mailbox } from './outbox';

/** The demo accounts of `graftmatch serve --demo` (README); all share one password. */
export const DEMO_PASSWORD = 'demo-graftmatch';
export const DEMO = {
  berg: 'dr.berg@demo.graftmatch.example',
  kaya: 'dr.kaya@demo.graftmatch.example',
  bankNorth: 'bank.north@demo.graftmatch.example',
  admin: 'admin@demo.graftmatch.example',
  auditor: 'auditor@demo.graftmatch.example',
} as const;

/** Waits for the URL path (query and hash ignored) to be `path`. */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000) {
  const matches = (url: URL) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname));
  await page.waitForURL(matches, { timeout });
}

/**
 * Logs in through the two login pages as a person would: e-mail and password, then the PIN the
 * server mailed (to `mailbox`: its outbox directory, or the journey's SMTP peer). Starts at
 * `/login` unless the page is already there (for example after a deep link sent it there). Ends
 * when the app left the PIN page.
 */
export async function loginThroughUi(
  page: Page,
  mailbox: Mailbox,
  email: string,
  password = DEMO_PASSWORD,
  options: { sharedDevice?: boolean } = {},
) {
  if (new URL(page.url(), 'http://x').pathname !== '/login') {
    await page.goto('/login');
  }
  await page.getByRole('heading', { level: 1 }).waitFor();
  await checkScreenOnce(page, 'login');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (options.sharedDevice) {
    // "This is my device" is ticked unless the person unticks it.
    await page.locator('label', { hasText: 'This is my device' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'This is my device' }).isChecked()).toBe(false);
  }
  const pinMail = await expectPin(mailbox, email);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForPath(page, '/login/login-tfa');
  await page.getByRole('textbox', { name: 'PIN' }).waitFor();
  await checkScreenOnce(page, 'PIN');
  const pin = await pinMail();
  await page.getByRole('textbox', { name: 'PIN' }).fill(pin);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/home') {
    await page.getByRole('heading', { level: 1, name: /^(Welcome|Willkommen)/ }).waitFor();
    await checkScreenOnce(page, 'home');
  }
}

/** A demo account's API session, for a journey to look up what it will then show in the browser. */
export async function apiSession(baseUrl: string, mailbox: Mailbox, email: string, password = DEMO_PASSWORD) {
  const pinMail = await expectPin(mailbox, email);
  const first = await fetch(`${baseUrl}/api/auth/login`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (!first.ok) {
    throw new Error(`login of ${email} answered ${first.status}`);
  }
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const { twoFactor_Token, twoFactorId } = (await first.json()) as { twoFactor_Token: string; twoFactorId: string };
  const pin = await pinMail();
  const json = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const second = await fetch(`${baseUrl}/api/auth/twofactor`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${twoFactor_Token}` },
    body: JSON.stringify({ passwordid: twoFactorId, password: pin }),
  });
  const { access_Token } = (await second.json()) as { access_Token: string };
  const headers = { ...json, authorization: `Bearer ${access_Token}` };
  const read = async <T>(answer: Response): Promise<T> => {
    if (!answer.ok) {
      throw new Error(`${answer.url} answered ${answer.status}`);
    }
    // No content (204): nothing to read.
    return answer.status === 204 ? (undefined as T) : ((await answer.json()) as T);
  };
  return {
    get: async <T>(path: string) => read<T>(await fetch(`${baseUrl}/api${path}`, { headers })),
    post: async <T>(path: string, body: unknown) =>
      read<T>(await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })),
    patch: async <T>(path: string, body: unknown) =>
      read<T>(await fetch(`${baseUrl}/api${path}`, { method: 'PATCH', headers, body: JSON.stringify(body) })),
    /** A GET answering a file (a PDF), as its bytes. */
    bytes: async (path: string) => {
      const answer = await fetch(`${baseUrl}/api${path}`, { headers });
      if (!answer.ok) {
        throw new Error(`${answer.url} answered ${answer.status}`);
      }
      return Buffer.from(await answer.arrayBuffer());
    },
    /** A multipart POST (an import): the browser-made boundary, so no JSON content type. */
    postForm: async <T>(path: string, form: FormData) =>
      read<T>(
        await fetch(`${baseUrl}/api${path}`, {
          method: 'POST',
          headers: { cookie: json.cookie, 'x-xsrf-token': xsrf, authorization: headers.authorization },
          body: form,
        }),
      ),
  };
}
