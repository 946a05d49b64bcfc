import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graftMatchClient, startOidcProvider, type TestOidcProvider } from '../apps/server/test/support/oidc-provider';
import { freePort } from '../apps/server/test/support/process';
import { closeNotification, expectHeading, navigate, settled, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { chooseLanguage, withoutRefusals } from './support/forms';
import { apiSession, DEMO, DEMO_PASSWORD, loginThroughUi, waitForPath } from './support/login';
import { outboxMailNames, waitForOutboxMail } from './support/outbox';
import { startDemoServer, type DemoServer } from './support/server';

// Single sign-on with a clinic's own OpenID Provider (docs/api.md "Single sign-on", issue 46): a
// real provider (oidc-provider) on 127.0.0.1, which signs in the account the authorization request
// names by `login_hint`, without a page of its own. The admin sets up the clinic's sign-on in the
// admin area; a physician of the clinic signs in through the provider, in English and in German,
// without password or PIN, and logs out with the offer to end the provider's session too. Once the
// admin deactivates the account, the provider's sign-in is refused; an address of the clinic's
// domain without an account is refused as well.
//
// The journey runs a demo server of its own, named `localhost` (another site than the provider's
// 127.0.0.1, as a clinic's provider is), so the sign-on it sets up touches no other journey.

const browser = sharedBrowser();

const DOMAIN = 'sso-klinik.example';
const PHYSICIAN = { email: `dr.weiss@${DOMAIN}`, givenName: 'Hanna', familyName: 'Weiss' };
/** An address of the clinic's domain the provider knows, and GraftMatch does not. */
const STRANGER = { email: `dr.neu@${DOMAIN}`, givenName: 'Nils', familyName: 'Neu' };
const CLIENT_ID = 'graftmatch-nordstadt';

const MESSAGES = {
  deactivated: 'Your GraftMatch account is deactivated; please ask your GraftMatch administrator to reactivate it.',
  noAccount:
    'There is no GraftMatch account for your address yet; please ask your GraftMatch administrator to create one for you.',
  otherAccount: 'someone else is still signed in there on this device',
};

interface Side {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function openSide(publicUrl: string): Promise<Side> {
  const side = await openContext(browser(), publicUrl, 'desktop');
  side.page.setDefaultTimeout(15_000);
  watchApi(side.page);
  return side;
}

/** The addresses of the page's top-level navigations, each redirect hop included (the provider's too). */
function recordNavigations(page: Page): string[] {
  const hops: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      hops.push(request.url());
    }
  });
  return hops;
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
}

describe('single sign-on: a clinic signs its physician in through its own OpenID Provider', () => {
  let server: DemoServer;
  let idp: TestOidcProvider;
  let publicUrl = '';
  let admin: Side;
  let physician: Side;
  let hops: string[];
  let api: Awaited<ReturnType<typeof apiSession>>;
  let clinic = { id: '', name: '' };
  let physicianId = '';
  const client = { clientId: CLIENT_ID, clientSecret: '' };
  /** The hand-over address of the first sign-in, to open again once it is used up. */
  let usedHandover = '';

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    const registered = graftMatchClient(publicUrl, CLIENT_ID);
    client.clientSecret = registered.clientSecret;
    idp = await startOidcProvider([registered]);
    idp.addAccount(PHYSICIAN);
    server = await startDemoServer({ PORT: String(port), PUBLIC_URL: publicUrl });

    api = await apiSession(server.baseUrl, server.dataDir, DEMO.admin);
    const clinics = await api.get<{ id: string; c_Name: string }[]>('/admin/clinics');
    const nordstadt = clinics.find((one) => one.c_Name.startsWith('Universitätsklinikum Nordstadt'));
    expect(nordstadt).toBeDefined();
    clinic = { id: nordstadt!.id, name: nordstadt!.c_Name };
    const made = await api.post<{ id: string }>('/admin/users/add', {
      title: 'Dr. med.',
      firstName: PHYSICIAN.givenName,
      lastName: PHYSICIAN.familyName,
      email: PHYSICIAN.email,
      clinics: [{ id: clinic.id }],
      language: 'en',
    });
    physicianId = made.id;
    // The new account's invitation: written now, so no later mail count sees it arrive.
    await waitForOutboxMail(server.dataDir, (mail) => mail.to.includes(PHYSICIAN.email));

    admin = await openSide(publicUrl);
  }, 120_000);
  afterAll(async () => {
    await physician?.context.close();
    await admin?.context.close();
    await idp?.close();
    await server?.stop();
  });

  it('The admin opens the clinic and finds its single sign-on not set up', async () => {
    const { page } = admin;
    await loginThroughUi(page, server.dataDir, DEMO.admin);
    await waitForPath(page, '/home');
    await navigate(page, 'desktop', 'nav-admin-clinics', '/home/admin/clinics');
    await settled(page, 'Clinics');
    await page.getByRole('button', { name: `Show details of ${clinic.name}` }).click();
    await expect.poll(() => page.getByTestId('clinic-detail-name').textContent()).toBe(clinic.name);
    const section = page.getByTestId('clinic-sso');
    await section.getByRole('heading', { name: 'Single sign-on' }).waitFor();
    expect(await section.getByTestId('sso-none').textContent()).toMatch(/^Not set up/);
    await checkScreenOnce(page, 'a clinic with its single sign-on not set up');
    expectNoProblems(admin.problems, 'opening the clinic');
  });

  it('sets it up with the provider’s issuer, the client and the domain, and creates no accounts', async () => {
    const { page } = admin;
    const section = page.getByTestId('clinic-sso');
    await section.getByRole('button', { name: 'Set up single sign-on' }).click();
    const dialog = page.getByRole('dialog', { name: `Set up single sign-on for ${clinic.name}` });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Issuer URL' }).fill(idp.issuer);
    await dialog.getByRole('textbox', { name: 'Client ID' }).fill(client.clientId);
    await dialog.getByLabel('Client secret').fill(client.clientSecret);
    const domains = dialog.getByTestId('sso-domains');
    await domains.fill(DOMAIN);
    await domains.press('Enter');
    expect(await dialog.getByRole('radio', { name: 'Refuse' }).isChecked()).toBe(true);
    await checkScreenOnce(page, 'the single sign-on form');

    await dialog.getByTestId('sso-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await closeNotification(page, `Single sign-on of ${clinic.name} saved.`);
    await section.getByTestId('sso-facts').waitFor();
    expect(await section.getByTestId('sso-fact-issuer').textContent()).toBe(idp.issuer);
    expect(await section.getByTestId('sso-fact-client-id').textContent()).toBe(client.clientId);
    expect(await section.getByTestId('sso-fact-secret').textContent()).toBe('stored (not shown)');
    expect(await section.getByTestId('sso-fact-domains').textContent()).toBe(DOMAIN);
    expect(await section.getByTestId('sso-fact-provisioning').textContent()).toBe('Refuse');
    expect(await section.getByTestId('sso-redirect-uri').textContent()).toBe(`${publicUrl}/api/auth/sso/callback`);
    // The secret went in and does not come out: not in the page, not in an input's value.
    expect(await page.content()).not.toContain(client.clientSecret);
    const values = await page
      .locator('input')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(values.join('\n')).not.toContain(client.clientSecret);
    await expectNoAxeViolations(page, 'a clinic with its single sign-on set up');
    await screenshot(page, 'desktop-admin-clinic-sso');
    expectNoProblems(admin.problems, 'setting up single sign-on');
  });

  it('Dr. Weiss types her address: the login offers her clinic’s sign-in, not the password', async () => {
    physician = await openSide(publicUrl);
    hops = recordNavigations(physician.page);
    const { page } = physician;
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(PHYSICIAN.email);
    const start = page.getByTestId('sso-start');
    await start.waitFor();
    expect(await start.textContent()).toBe(`Sign in with ${clinic.name}`);
    expect(await page.getByTestId('sso-offer').textContent()).toContain(
      `${clinic.name} signs you in with your organisation's own account, so your password is not used here.`,
    );
    expect(await page.getByTestId('login-password').count()).toBe(0);
    expect(await page.getByTestId('forgot-password-link').count()).toBe(0);
    await checkScreenOnce(page, 'login with the offer of the clinic’s sign-in');
    await screenshot(page, 'desktop-login-sso-offer');

    // Insisting on a password (as someone of the domain outside the clinic may) is refused by the
    // server, and the login offers the clinic's sign-in again.
    await page.getByTestId('sso-use-password').click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await start.waitFor();
    expect(await page.getByTestId('login-password').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The refused password login answers 403, which the browser logs; nothing else went wrong.
    expect(withoutRefusals(physician.problems, 403)).toEqual([]);
  });

  it('she signs in through the provider and lands on the home: no password, no PIN, no mail', async () => {
    const { page } = physician;
    const mailsBefore = await outboxMailNames(server.dataDir);
    hops.length = 0;
    await page.getByTestId('sso-start').click();
    await waitForPath(page, '/home');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    await checkScreenOnce(page, 'home');

    // There and back: GraftMatch's start, the provider, the callback, the hand-over page.
    const trip = hops.map((hop) => new URL(hop));
    expect(trip[0]?.href).toBe(`${publicUrl}/api/auth/sso/start?email=${encodeURIComponent(PHYSICIAN.email)}`);
    const authorization = trip.find((hop) => `${hop.origin}${hop.pathname}` === `${idp.issuer}/auth`);
    expect(authorization?.searchParams.get('login_hint')).toBe(PHYSICIAN.email);
    expect(authorization?.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/sso/callback`);
    expect(authorization?.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = trip.findIndex((hop) => `${hop.origin}${hop.pathname}` === `${publicUrl}/api/auth/sso/callback`);
    expect(callback).toBeGreaterThan(0);
    const handover = trip[callback + 1];
    expect(`${handover?.origin}${handover?.pathname}`).toBe(`${publicUrl}/login/sso`);
    usedHandover = handover!.href;

    // Long enough for the mail worker to have written a PIN mail, were one queued.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect([...(await outboxMailNames(server.dataDir))]).toEqual([...mailsBefore]);
    await screenshot(page, 'desktop-home-after-sso');
    expectNoProblems(physician.problems, 'signing in through the provider');
  });

  it('she logs out: the login offers to end her session at the provider too, which the provider takes', async () => {
    const { page, context } = physician;
    await logout(page);
    const notice = page.getByTestId('sso-logout-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      "You are logged out of GraftMatch. Your organisation's account is still signed in on this device.",
    );
    const link = notice.getByTestId('sso-end-session');
    expect(await link.textContent()).toBe("Also sign out of your organisation's account");
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith(`${idp.issuer}/`)).toBe(true);
    const end = new URL(href);
    expect(end.pathname).toBe('/session/end');
    expect(end.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/login`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    await expectNoAxeViolations(page, 'login with the end-session notice');
    await screenshot(page, 'desktop-login-sso-logged-out');

    // Where the link leads: the provider's own page, which is not GraftMatch's (nor checked here),
    // asked with this browser's cookies. It knows her session there and asks to confirm; confirmed,
    // it ends that session and sends the browser back to the login.
    const asked = await context.request.get(href);
    expect(asked.status()).toBe(200);
    const form = await asked.text();
    expect(form).toContain('op.logoutForm');
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(form)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
    const confirmed = await context.request.post(new URL(action, href).href, {
      form: { xsrf, logout: 'yes' },
      maxRedirects: 0,
    });
    expect(confirmed.status()).toBe(303);
    expect(confirmed.headers().location).toBe(`${publicUrl}/login`);
    expectNoProblems(physician.problems, 'logging out');
  });

  it('in German the login offers “Mit <clinic> anmelden”, and she signs in that way again', async () => {
    const { page } = physician;
    await chooseLanguage(page, 'de');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(PHYSICIAN.email);
    const start = page.getByTestId('sso-start');
    await start.waitFor();
    expect(await start.textContent()).toBe(`Mit ${clinic.name} anmelden`);
    expect(await page.getByTestId('sso-offer').textContent()).toContain(
      `${clinic.name} meldet Sie mit dem eigenen Konto Ihrer Organisation an; Ihr Passwort wird hier nicht verwendet.`,
    );
    expect(await page.getByTestId('login-password').count()).toBe(0);
    await expectNoAxeViolations(page, 'login with the offer of the clinic’s sign-in, in German');
    await screenshot(page, 'desktop-login-sso-offer-de');

    await start.click();
    await waitForPath(page, '/home');
    await page.getByRole('heading', { level: 1, name: /^Willkommen/ }).waitFor();
    await logout(page);
    expect(await page.getByTestId('sso-end-session').textContent()).toBe('Auch vom Konto Ihrer Organisation abmelden');
    await chooseLanguage(page, 'en');
    expectNoProblems(physician.problems, 'signing in through the provider in German');
  });

  it('once the admin has deactivated her account, the provider’s sign-in comes back refused, saying why', async () => {
    await api.get(`/admin/user/deactivate/${physicianId}`);
    const { page } = physician;
    await page.getByTestId('login-email').fill(PHYSICIAN.email);
    await page.getByTestId('sso-start').click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('sso_error'));
    expect(new URL(page.url()).searchParams.get('sso_error')).toBe('deactivated');
    const refusal = page.getByTestId('sso-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(MESSAGES.deactivated);
    await expectHeading(page, 'Log in');
    expect(await page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'login with a refused sign-on');
    await screenshot(page, 'desktop-login-sso-deactivated');
    expectNoProblems(physician.problems, 'the refused sign-in of a deactivated account');
  });

  it('at Dr. Weiss’s computer, still signed in at the provider, Dr. Neu is not signed in as Dr. Weiss', async () => {
    idp.addAccount(STRANGER);
    // The provider answers for the account signed in there, whatever address the hint names: the
    // app compares the answer with the address typed and refuses another person.
    const { page } = physician;
    await page.goto('/login');
    await page.getByTestId('login-email').fill(STRANGER.email);
    await page.getByTestId('sso-start').click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('sso_error'));
    expect(new URL(page.url()).searchParams.get('sso_error')).toBe('other-account');
    const refusal = page.getByTestId('sso-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(MESSAGES.otherAccount);
    expect(await page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(0);
    expectNoProblems(physician.problems, 'the sign-in answered for another person');
  });

  it('an address of the clinic’s domain without an account is refused as well, and no account is made', async () => {
    // Dr. Neu at a computer of her own, where nobody is signed in at the provider.
    const stranger = await openSide(publicUrl);
    try {
      const { page } = stranger;
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(STRANGER.email);
      const start = page.getByTestId('sso-start');
      await start.waitFor();
      expect(await start.textContent()).toBe(`Sign in with ${clinic.name}`);
      await start.click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('sso_error'));
      expect(new URL(page.url()).searchParams.get('sso_error')).toBe('no-account');
      const refusal = page.getByTestId('sso-error');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(MESSAGES.noAccount);
      const users = await api.get<{ email: string }[]>('/admin/users');
      expect(users.map((user) => user.email)).not.toContain(STRANGER.email);
      expectNoProblems(stranger.problems, 'the refused sign-in of an unknown address');
    } finally {
      await stranger.context.close();
    }
  });

  it('the first sign-in’s hand-over, opened again, is spent: it says so and leads back to the login', async () => {
    const { page } = physician;
    await page.goto(usedHandover);
    const failed = page.getByTestId('sso-complete-failed');
    await failed.waitFor();
    await expectHeading(page, 'Sign-in not completed');
    expect(await failed.textContent()).toContain('This sign-in has expired or was used already');
    await checkScreenOnce(page, 'a spent hand-over');
    await page.getByTestId('sso-back-to-login').click();
    await waitForPath(page, '/login');
    // The spent hand-over answers 401, which the browser logs; nothing else went wrong.
    expect(withoutRefusals(physician.problems, 401)).toEqual([]);
  });
});
