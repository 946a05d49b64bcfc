import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeNotification, navigate, settled, watchApi } from './support/app';
import { openContext, screenshot, sharedBrowser } from './support/browser';
import { checkScreenOnce, expectNoAxeViolations, expectNoProblems } from './support/checks';
import { apiSession, DEMO, loginThroughUi, waitForPath } from './support/login';

// A hospital's system reads FHIR without a person (docs/fhir.md "System clients"): the admin
// registers it for Dr. Berg's clinic in the admin area, pasting the public key its integration team
// made and ticking what it may read; the system, here this test with the private key, signs its token
// request, reads the clinic's implantations, and stops being able to once the admin revokes it.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browser = sharedBrowser();

const SYSTEM = 'Hospital information system (journey)';

describe('an admin connects a clinic’s hospital system to FHIR, and disconnects it', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let clinic = { id: '', name: '' };
  let privateKey: CryptoKey;
  const kid = `his-${randomUUID().slice(0, 8)}`;
  let publicJwks = '';
  let clientId = '';
  let token = '';

  /** Signs a fresh assertion and asks the token endpoint the SMART configuration names, as the system would. */
  async function tokenRequest(scope: string): Promise<Response> {
    const configuration = (await (await fetch(`${baseUrl}/api/fhir/R5/.well-known/smart-configuration`)).json()) as {
      token_endpoint: string;
    };
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384', kid })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(configuration.token_endpoint)
      .setJti(randomUUID())
      .setExpirationTime('4m')
      .sign(privateKey);
    return fetch(`${baseUrl}${new URL(configuration.token_endpoint).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }).toString(),
    });
  }

  const readProcedures = () =>
    fetch(`${baseUrl}/api/fhir/R5/Procedure`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    const keys = await generateKeyPair('ES384', { extractable: true });
    privateKey = keys.privateKey;
    publicJwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid, alg: 'ES384' }] }, null, 2);
    const api = await apiSession(baseUrl, dataDir, DEMO.admin);
    const berg = await apiSession(baseUrl, dataDir, DEMO.berg);
    const me = await berg.get<{ clinics: { id: string }[] }>('/users/getmyuser');
    const clinics = await api.get<{ id: string; c_Name: string }[]>('/admin/clinics');
    const own = clinics.find((one) => one.id === me.clinics[0]?.id);
    expect(own, 'Dr. Berg’s clinic').toBeDefined();
    clinic = { id: own!.id, name: own!.c_Name };
    ({ context, page, problems } = await openContext(browser(), baseUrl, 'desktop'));
    page.setDefaultTimeout(15_000);
    watchApi(page);
  }, 90_000);
  afterAll(async () => {
    await context?.close();
  });

  it('the admin finds the clinic’s systems section, with where systems find the token endpoint', async () => {
    await loginThroughUi(page, dataDir, DEMO.admin);
    await waitForPath(page, '/home');
    await navigate(page, 'desktop', 'nav-admin-clinics', '/home/admin/clinics');
    await settled(page, 'Clinics');
    await page.getByRole('button', { name: `Show details of ${clinic.name}` }).click();
    await expect.poll(() => page.getByTestId('clinic-detail-name').textContent()).toBe(clinic.name);
    const section = page.getByTestId('clinic-system-clients');
    await section.getByRole('heading', { name: 'Systems reading FHIR' }).waitFor();
    expect(await section.getByTestId('system-clients-smart-configuration').textContent()).toBe(
      `${new URL(page.url()).origin}/api/fhir/R5/.well-known/smart-configuration`,
    );
    expectNoProblems(problems, 'opening the clinic');
  });

  it('registers the system with its pasted public key and what it may read', async () => {
    const section = page.getByTestId('clinic-system-clients');
    await section.getByRole('button', { name: 'Register a system' }).click();
    const dialog = page.getByRole('dialog', { name: `Register a system for ${clinic.name}` });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SYSTEM);
    await dialog.getByRole('radio', { name: 'Paste the public key set (JWKS)' }).check();
    await dialog.getByRole('textbox', { name: 'Public key set (JWKS)' }).fill(publicJwks);
    for (const id of ['Procedure-read', 'Procedure-search', 'BiologicallyDerivedProduct-read']) {
      await dialog.getByTestId(`system-client-scope-${id}`).check();
    }
    await checkScreenOnce(page, 'registering a system');
    await dialog.getByTestId('system-client-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await closeNotification(
      page,
      `${SYSTEM} registered. Its client ID is shown in the list: give it to the integration team.`,
    );
    const card = section.getByTestId('system-client').filter({ hasText: SYSTEM });
    clientId = (await card.getByTestId('system-client-id').textContent()) ?? '';
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await card.getByTestId('system-client-keys').textContent()).toBe(kid);
    expect(await card.getByTestId('system-client-scopes').textContent()).toBe(
      'system/BiologicallyDerivedProduct.rsystem/Procedure.rs',
    );
    expect(await card.getByTestId('system-client-last-used').textContent()).toBe('Never');
    await expectNoAxeViolations(page, 'a clinic with a registered system');
    await screenshot(page, 'desktop-admin-clinic-system');
    expectNoProblems(problems, 'registering a system');
  });

  it('the system signs its token request and reads the clinic’s implantations, as the admin sees', async () => {
    const answer = await tokenRequest('system/Procedure.rs system/Observation.rs');
    expect(answer.status, await answer.clone().text()).toBe(200);
    const granted = (await answer.json()) as { access_token: string; scope: string };
    expect(granted.scope).toBe('system/Procedure.rs');
    token = granted.access_token;
    const procedures = await readProcedures();
    expect(procedures.status).toBe(200);
    expect(((await procedures.json()) as { resourceType: string }).resourceType).toBe('Bundle');

    await page.reload();
    const card = page.getByTestId('clinic-system-clients').getByTestId('system-client').filter({ hasText: SYSTEM });
    await expect.poll(() => card.getByTestId('system-client-last-used').textContent()).not.toBe('Never');
  });

  it('the admin revokes it after confirming: its token stops at once, and it gets no new one', async () => {
    const card = page.getByTestId('clinic-system-clients').getByTestId('system-client').filter({ hasText: SYSTEM });
    await card.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke ${SYSTEM}?` });
    await confirm.waitFor();
    await checkScreenOnce(page, 'confirming a system’s revocation');
    await confirm.getByTestId('confirm-system-client-revoke').click();
    await closeNotification(page, `${SYSTEM} revoked.`);
    await card.getByTestId('system-client-revoked').waitFor();
    expect(await card.getByRole('button', { name: 'Revoke' }).count()).toBe(0);

    expect((await readProcedures()).status).toBe(401);
    const refused = await tokenRequest('system/Procedure.rs');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    expectNoProblems(problems, 'revoking the system');
  });
});
