import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { translate, type Clinic, type SsoConfig, type SsoConfigInput } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem, type RecordedCall } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { expectNoServerNames, LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderRoutes, renderUi } from '../../test/render';
import { ClinicsPage } from './ClinicsPage';
import { OrganisationSso } from './OrganisationSso';

// An organisation's single sign-on in the admin area (docs/api.md "Single sign-on"): the fake API
// keeps the set-up as the server would, and records what the form sent.

const BANK_ID = '77777777-7777-4777-8777-777777777777';
const CLINIC: Clinic = {
  id: '11111111-1111-4111-8111-111111111111',
  c_Name: 'Herzzentrum Süd',
  active: true,
  timeZone: 'Europe/Berlin',
};
const REDIRECT = 'https://graftmatch.example/api/auth/sso/callback';
const ISSUER_COMPLAINT = 'must be the address of an OpenID Provider whose discovery document this server can read';
const configOf = (type: 'clinic' | 'eute', id: string, input: Partial<SsoConfigInput> = {}): SsoConfig => ({
  organisationType: type,
  organisationId: id,
  issuer: 'https://login.herz-sued.example/realms/staff',
  clientId: 'graftmatch',
  hasClientSecret: true,
  emailDomains: ['herz-sued.example', 'hzs.example'],
  provisioning: 'off',
  redirectUri: REDIRECT,
  updatedAt: '2026-12-05T09:00:00.000Z',
  ...input,
});

/** One organisation's sign-on as the server keeps it: none until a PUT, gone after a DELETE. */
function fakeSso(type: 'clinic' | 'eute', id: string, initial: SsoConfig | null) {
  let stored = initial;
  const path = `/api/admin/sso/${type}/${id}`;
  return {
    path,
    handlers: {
      [`GET ${path}`]: () => json(stored),
      [`PUT ${path}`]: ({ body }: RecordedCall) => {
        const { clientSecret, ...input } = body as SsoConfigInput;
        stored = configOf(type, id, input);
        stored.hasClientSecret = clientSecret !== undefined || initial?.hasClientSecret === true;
        return json(stored);
      },
      [`DELETE ${path}`]: () => {
        stored = null;
        return new Response(null, { status: 204 });
      },
    },
  };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
/** A domain typed into the list and confirmed with Enter (the list takes typing only in its focused field). */
function addDomain(value: string) {
  input('sso-domains').focus();
  type('sso-domains', value);
  fireEvent.keyDown(input('sso-domains'), { key: 'Enter' });
}

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("an organisation's single sign-on", () => {
  it("shows a clinic's set-up in its detail panel, with the redirect URI to copy for the provider", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const sso = fakeSso('clinic', CLINIC.id, configOf('clinic', CLINIC.id, { provisioning: 'member' }));
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ admin: true, clinics: [] })),
      'GET /api/admin/clinics': () => json([CLINIC]),
      [`GET /api/admin/clinics/${CLINIC.id}`]: () => json({ ...CLINIC, clinicDetail: { users: [] } }),
      'GET /api/admin/users': () => json([]),
      ...sso.handlers,
    });
    renderRoutes(
      [{ path: '/home/admin/clinics', element: <ClinicsPage /> }],
      `/home/admin/clinics?selected=${CLINIC.id}`,
    );
    const section = await screen.findByTestId('clinic-sso');
    await within(section).findByTestId('sso-facts');
    expect(within(section).getByTestId('sso-fact-issuer').textContent).toBe(
      'https://login.herz-sued.example/realms/staff',
    );
    expect(within(section).getByTestId('sso-fact-client-id').textContent).toBe('graftmatch');
    expect(within(section).getByTestId('sso-fact-secret').textContent).toBe('stored (not shown)');
    expect(within(section).getByTestId('sso-fact-domains').textContent).toBe('herz-sued.examplehzs.example');
    expect(within(section).getByTestId('sso-fact-provisioning').textContent).toBe('Create a member');
    expect(within(section).getByTestId('sso-redirect-uri').textContent).toBe(REDIRECT);
    fireEvent.click(within(section).getByTestId('sso-redirect-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(REDIRECT));
    expect(await within(section).findByText('Copied')).toBeTruthy();
  });

  it('an admin sets it up: empty and malformed fields are refused before sending, then the form sends what was entered', async () => {
    const sso = fakeSso('eute', BANK_ID, null);
    const api = fakeApi(sso.handlers);
    renderUi(<OrganisationSso kind="eute" organisationId={BANK_ID} name="Gewebebank Nord" canWrite />);
    expect((await screen.findByTestId('sso-none')).textContent).toMatch(/Not set up/);
    fireEvent.click(screen.getByTestId('sso-edit'));
    await screen.findByTestId('sso-form');

    fireEvent.click(screen.getByTestId('sso-submit'));
    await waitFor(() => expect(shownError(input('sso-issuer'))).toBe('Please fill in this field.'));
    expect(shownError(input('sso-client-id'))).toBe('Please fill in this field.');
    expect(shownError(input('sso-client-secret'))).toBe('Please fill in this field.');
    expect(shownError(input('sso-domains'))).toBe('Please fill in this field.');

    type('sso-issuer', 'login.bank-nord.example');
    addDomain('https://bank-nord.example');
    await waitFor(() => expect(shownError(input('sso-issuer'))).toBe('Enter a web address starting with https://.'));
    expect(shownError(input('sso-domains'))).toMatch(/^Not a domain name: https:\/\/bank-nord\.example\./);

    type('sso-issuer', 'https://login.bank-nord.example/realms/staff');
    type('sso-client-id', 'graftmatch-nord');
    type('sso-client-secret', 's3cret-from-the-provider');
    // Backspace in the empty field takes the last domain away.
    fireEvent.keyDown(input('sso-domains'), { key: 'Backspace' });
    addDomain('@Bank-Nord.example');
    addDomain('labor.bank-nord.example');
    fireEvent.click(input('sso-provisioning-auditor'));
    fireEvent.click(screen.getByTestId('sso-submit'));

    await waitFor(() => expect(api.callsTo('PUT', sso.path)).toHaveLength(1));
    expect(api.callsTo('PUT', sso.path)[0]?.body).toEqual({
      issuer: 'https://login.bank-nord.example/realms/staff',
      clientId: 'graftmatch-nord',
      clientSecret: 's3cret-from-the-provider',
      emailDomains: ['bank-nord.example', 'labor.bank-nord.example'],
      provisioning: 'auditor',
    });
    await waitFor(() => expect(screen.queryByTestId('sso-form')).toBeNull());
    expect((await screen.findByTestId('sso-fact-provisioning')).textContent).toBe('Create an auditor');
  });

  it('a change leaves the secret out when its field stays empty, so the stored one stays', async () => {
    const sso = fakeSso('clinic', CLINIC.id, configOf('clinic', CLINIC.id));
    const api = fakeApi(sso.handlers);
    renderUi(<OrganisationSso kind="clinic" organisationId={CLINIC.id} name={CLINIC.c_Name} canWrite />);
    await screen.findByTestId('sso-facts');
    fireEvent.click(screen.getByTestId('sso-edit'));
    await screen.findByTestId('sso-form');
    expect(input('sso-issuer').value).toBe('https://login.herz-sued.example/realms/staff');
    expect(input('sso-client-secret').value).toBe('');
    expect(screen.getByText(/A secret is stored. Leave this empty to keep it/)).toBeTruthy();
    type('sso-client-id', 'graftmatch-2');
    fireEvent.click(screen.getByTestId('sso-submit'));
    await waitFor(() => expect(api.callsTo('PUT', sso.path)).toHaveLength(1));
    const body = api.callsTo('PUT', sso.path)[0]?.body as SsoConfigInput;
    expect(body).not.toHaveProperty('clientSecret');
    expect(body).toEqual({
      issuer: 'https://login.herz-sued.example/realms/staff',
      clientId: 'graftmatch-2',
      emailDomains: ['herz-sued.example', 'hzs.example'],
      provisioning: 'off',
    });
    expect((await screen.findByTestId('sso-fact-client-id')).textContent).toBe('graftmatch-2');
  });

  it.each(LANGUAGES_OF_FORMS)(
    "places the server's refusals at their fields, named by their labels (%s)",
    async (language) => {
      const sso = fakeSso('clinic', CLINIC.id, configOf('clinic', CLINIC.id));
      const refusals = [
        refuseFields(['emailDomains.1', 'validation.pattern']),
        // As the server words a field's complaint: continuing the field's label.
        () =>
          problem(422, 'No OpenID Connect discovery document could be read for the issuer.', {
            errors: [{ field: 'issuer', message: ISSUER_COMPLAINT }],
          }),
        () =>
          problem(409, 'A domain is covered already.', {
            errors: [{ field: 'emailDomains', message: 'The domain hzs.example is covered by Klinikum Ost already.' }],
          }),
        // A conflict without field errors: its detail in the form's alert.
        () => problem(409, 'The domain hzs.example is signed in by Klinikum Ost already.'),
      ];
      let refusal = 0;
      fakeApi({ ...sso.handlers, [`PUT ${sso.path}`]: (call) => refusals[refusal++]!(call) });
      renderUi(<OrganisationSso kind="clinic" organisationId={CLINIC.id} name={CLINIC.c_Name} canWrite />);
      await readIn(language);
      await screen.findByTestId('sso-facts');
      fireEvent.click(screen.getByTestId('sso-edit'));
      await screen.findByTestId('sso-form');
      const domains = textIn(language, 'admin.sso.fields.emailDomains');
      const issuer = textIn(language, 'admin.sso.fields.issuer');

      fireEvent.click(screen.getByTestId('sso-submit'));
      await waitFor(() =>
        expect(shownError(input('sso-domains'))).toBe(`${domains} ${translate(language, 'validation.pattern')}`),
      );
      expect(screen.getByTestId('sso-form-error').textContent).toContain(domains);
      expectNoServerNames(document.body, ['emailDomains', 'clientId', 'clientSecret']);

      fireEvent.click(screen.getByTestId('sso-submit'));
      await waitFor(() => expect(shownError(input('sso-issuer'))).toBe(`${issuer} ${ISSUER_COMPLAINT}`));
      expect(screen.getByTestId('sso-form-error').textContent).toContain(issuer);
      // Editing the field takes its complaint away.
      type('sso-issuer', 'https://login.herz-sued.example/realms/staff2');
      await waitFor(() => expect(shownError(input('sso-issuer'))).toBeNull());

      fireEvent.click(screen.getByTestId('sso-submit'));
      await waitFor(() =>
        expect(shownError(input('sso-domains'))).toBe('The domain hzs.example is covered by Klinikum Ost already.'),
      );
      expect(screen.getByTestId('sso-form-error').textContent).toContain(domains);

      type('sso-client-id', 'graftmatch-3');
      fireEvent.click(screen.getByTestId('sso-submit'));
      await waitFor(() =>
        expect(screen.getByTestId('sso-form-error').textContent).toBe(
          `${textIn(language, 'errors.notSaved')}The domain hzs.example is signed in by Klinikum Ost already.`,
        ),
      );
      expect(screen.getByTestId('sso-form')).toBeTruthy();
      await readIn('en');
    },
  );

  it('removes it only after the admin confirms', async () => {
    const sso = fakeSso('eute', BANK_ID, configOf('eute', BANK_ID));
    const api = fakeApi(sso.handlers);
    renderUi(<OrganisationSso kind="eute" organisationId={BANK_ID} name="Gewebebank Nord" canWrite />);
    await screen.findByTestId('sso-facts');
    fireEvent.click(screen.getByTestId('sso-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Members of Gewebebank Nord can no longer sign in');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', sso.path)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('sso-remove'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-sso-remove'));
    await waitFor(() => expect(api.callsTo('DELETE', sso.path)).toHaveLength(1));
    expect(await screen.findByTestId('sso-none')).toBeTruthy();
  });

  it('auditors read it and change nothing', async () => {
    fakeApi(fakeSso('clinic', CLINIC.id, configOf('clinic', CLINIC.id)).handlers);
    renderUi(<OrganisationSso kind="clinic" organisationId={CLINIC.id} name={CLINIC.c_Name} canWrite={false} />);
    await screen.findByTestId('sso-facts');
    expect(screen.queryByTestId('sso-edit')).toBeNull();
    expect(screen.queryByTestId('sso-remove')).toBeNull();
  });
});
