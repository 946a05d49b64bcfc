import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/support/process';
import { settled, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, loginThroughUi, waitForPath } from './support/login';
import { outboxMailNames } from './support/outbox';
import { startDemoServer, type DemoServer } from './support/server';

// Passkeys (docs/security.md "Passkeys") with Chromium's virtual authenticator, a platform
// authenticator that verifies its user: Dr. Berg logs in with password and PIN, adds a passkey in
// her settings, logs out and signs in with the passkey alone — no PIN mail is sent. A second
// browser profile, whose authenticator holds no credential, cannot. She removes the passkey, and
// the next passkey sign-in is refused.
//
// WebAuthn takes no IP address as relying party, so this journey runs a demo server of its own
// whose PUBLIC_URL names it `localhost`, and the browser opens it by that name.

const browser = sharedBrowser();

interface Side {
  context: BrowserContext;
  page: Page;
  problems: string[];
  cdp: CDPSession;
  authenticatorId: string;
}

/** A browser profile at the server's `localhost` address, with a virtual platform authenticator (user verification on). */
async function openWithAuthenticator(publicUrl: string): Promise<Side> {
  const side = await openContext(browser(), publicUrl, 'desktop');
  side.page.setDefaultTimeout(15_000);
  watchApi(side.page);
  const cdp = await side.context.newCDPSession(side.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { ...side, cdp, authenticatorId };
}

async function credentialsOf(side: Side) {
  const { credentials } = await side.cdp.send('WebAuthn.getCredentials', { authenticatorId: side.authenticatorId });
  return credentials;
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-button').click();
  await waitForPath(page, '/login');
}

describe('passkeys: add one, sign in with it alone, remove it', () => {
  let server: DemoServer;
  let publicUrl = '';
  let berg: Side;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    server = await startDemoServer({ PORT: String(port), PUBLIC_URL: publicUrl });
    berg = await openWithAuthenticator(publicUrl);
  }, 120_000);
  afterAll(async () => {
    await berg?.context.close();
    await server?.stop();
  });

  it('First Dr. Berg logs in with password and PIN and adds a passkey in her settings', async () => {
    const { page } = berg;
    await loginThroughUi(page, server.dataDir, DEMO.berg);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('settings-link').click();
    await waitForPath(page, '/home/settings');
    await settled(page, 'Settings');
    await page.getByTestId('passkeys-none').waitFor();
    await checkScreenOnce(page, 'settings with passkeys');

    await page.getByRole('textbox', { name: 'Name of the passkey' }).fill('Desk computer');
    await page.getByTestId('passkey-add').click();
    const item = page.getByTestId('passkey-item');
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Desk computer.*Added .*not used yet/);
    const credentials = await credentialsOf(berg);
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await screenshot(page, 'desktop-settings-passkey-added');
    expectNoProblems(berg.problems, 'adding a passkey');
  });

  it('then logs out and signs in with the passkey alone: no password, no PIN, no mail', async () => {
    const { page } = berg;
    await logout(page);
    await page.getByTestId('passkey-login').waitFor();
    await checkScreenOnce(page, 'login with the passkey button');
    const mailsBefore = await outboxMailNames(server.dataDir);

    await page.getByTestId('passkey-login').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    // Long enough for the mail worker to have written a PIN mail, were one queued.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect([...(await outboxMailNames(server.dataDir))]).toEqual([...mailsBefore]);
    expectNoProblems(berg.problems, 'signing in with the passkey');
  });

  it('a second browser profile, whose authenticator holds no passkey, cannot sign in with one', async () => {
    const stranger = await openWithAuthenticator(publicUrl);
    try {
      await stranger.page.goto('/login');
      await stranger.page.getByTestId('passkey-login').click();
      await stranger.page.getByTestId('passkey-login-cancelled').or(stranger.page.getByTestId('form-error')).waitFor();
      expect(new URL(stranger.page.url()).pathname).toBe('/login');
    } finally {
      await stranger.context.close();
    }
  });

  it('she removes the passkey after confirming; the next passkey sign-in is refused', async () => {
    const { page } = berg;
    await page.getByTestId('user-menu').click();
    await page.getByTestId('settings-link').click();
    await settled(page, 'Settings');
    const item = page.getByTestId('passkey-item');
    expect(await item.textContent()).toMatch(/last used/);
    await item.getByTestId('passkey-remove').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkScreenOnce(page, 'the remove-passkey dialog');
    await dialog.getByTestId('confirm-passkey-remove').click();
    await page.getByTestId('passkeys-none').waitFor();

    await logout(page);
    // The authenticator still holds the key; the server no longer knows it.
    expect(await credentialsOf(berg)).toHaveLength(1);
    await page.getByTestId('passkey-login').click();
    const refusal = page.getByTestId('form-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/not registered here/);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The refused sign-in answers 401, which the browser logs; nothing else went wrong.
    expect(berg.problems.filter((line) => !/401 \(Unauthorized\)/.test(line))).toEqual([]);
  });
});
