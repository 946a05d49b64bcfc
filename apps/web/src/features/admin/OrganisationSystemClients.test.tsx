import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { translate, type Clinic, type SystemClient, type SystemClientInput } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { showDateTime } from '../../i18n/format';
import { fakeApi, fakeJwt, json, problem, type RecordedCall } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { expectNoServerNames, LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderRoutes, renderUi } from '../../test/render';
import { ClinicsPage } from './ClinicsPage';
import { OrganisationSystemClients } from './OrganisationSystemClients';

// An organisation's system clients in the admin area (docs/fhir.md "System clients"): the fake API
// keeps the registrations as the server would, and records what the form sent.

const BANK_ID = '77777777-7777-4777-8777-777777777777';
const CLINIC: Clinic = {
  id: '11111111-1111-4111-8111-111111111111',
  c_Name: 'Herzzentrum Süd',
  active: true,
  timeZone: 'Europe/Berlin',
};
const HIS_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const LAB_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NEW_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const PUBLIC_KEY = { kty: 'EC', crv: 'P-384', kid: 'his-2026', x: 'eHg', y: 'eXk' };

const clientOf = (type: 'clinic' | 'eute', id: string, client: Partial<SystemClient> = {}): SystemClient => ({
  id: HIS_ID,
  name: 'Hospital information system',
  organisationType: type,
  organisationId: id,
  jwksUrl: 'https://his.herz-sued.example/jwks.json',
  keyIds: [],
  scopes: ['system/BiologicallyDerivedProduct.rs', 'system/Procedure.rs'],
  createdAt: '2026-12-01T08:00:00.000Z',
  lastUsedAt: '2026-12-05T09:30:00.000Z',
  revokedAt: null,
  ...client,
});
/** A system of the lab, its keys pasted, revoked in June. */
const revokedLab = (type: 'clinic' | 'eute', id: string) =>
  clientOf(type, id, {
    id: LAB_ID,
    name: 'Old lab system',
    jwksUrl: null,
    keyIds: ['lab-2025', 'RSA'],
    scopes: ['system/Observation.r'],
    createdAt: '2026-01-10T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: '2026-06-01T12:00:00.000Z',
  });

/** One organisation's systems as the server keeps them: newest first; a POST adds one, a revoke marks it. */
function fakeSystemClients(type: 'clinic' | 'eute', id: string, initial: SystemClient[]) {
  let stored = initial;
  const path = `/api/admin/system-clients/${type}/${id}`;
  const revokePath = (clientId: string) => `${path}/${clientId}/revoke`;
  const revoke = (clientId: string) => () => {
    stored = stored.map((client) =>
      client.id === clientId ? { ...client, revokedAt: '2026-12-06T10:00:00.000Z' } : client,
    );
    return json(stored.find((client) => client.id === clientId));
  };
  return {
    path,
    revokePath,
    handlers: {
      [`GET ${path}`]: () => json(stored),
      [`POST ${path}`]: ({ body }: RecordedCall) => {
        const { name, jwksUrl, jwks, scopes } = body as SystemClientInput;
        const created = clientOf(type, id, {
          id: NEW_ID,
          name,
          jwksUrl: jwksUrl ?? null,
          keyIds: jwks?.keys.map((key) => key.kid ?? key.kty) ?? [],
          scopes,
          createdAt: '2026-12-06T09:00:00.000Z',
          lastUsedAt: null,
        });
        stored = [created, ...stored];
        return json(created, 201);
      },
      ...Object.fromEntries(initial.map((client) => [`POST ${revokePath(client.id)}`, revoke(client.id)])),
    },
  };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const tick = (resource: string, interaction: 'read' | 'search') =>
  fireEvent.click(input(`system-client-scope-${resource}-${interaction}`));
/** The error under the scope grid: the group of boxes is described by it. */
function scopesError(): string | null {
  const group = within(screen.getByTestId('system-client-scopes')).getByRole('group');
  const ids = (group.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}
const cards = () => screen.getAllByTestId('system-client');

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("an organisation's system clients", () => {
  it("lists a clinic's systems in its detail panel, the revoked one marked, with the client id to copy", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const systems = fakeSystemClients('clinic', CLINIC.id, [
      clientOf('clinic', CLINIC.id),
      revokedLab('clinic', CLINIC.id),
    ]);
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ admin: true, clinics: [] })),
      'GET /api/admin/clinics': () => json([CLINIC]),
      [`GET /api/admin/clinics/${CLINIC.id}`]: () => json({ ...CLINIC, clinicDetail: { users: [] } }),
      'GET /api/admin/users': () => json([]),
      [`GET /api/admin/sso/clinic/${CLINIC.id}`]: () => json(null),
      ...systems.handlers,
    });
    renderRoutes(
      [{ path: '/home/admin/clinics', element: <ClinicsPage /> }],
      `/home/admin/clinics?selected=${CLINIC.id}`,
    );
    const section = await screen.findByTestId('clinic-system-clients');
    await waitFor(() => expect(within(section).getAllByTestId('system-client')).toHaveLength(2));
    expect(within(section).getByTestId('system-clients-smart-configuration').textContent).toBe(
      `${window.location.origin}/api/fhir/R5/.well-known/smart-configuration`,
    );

    const [his, lab] = within(section).getAllByTestId('system-client') as [HTMLElement, HTMLElement];
    expect(within(his).getByTestId('system-client-title').textContent).toBe('Hospital information system');
    expect(within(his).getByTestId('system-client-id').textContent).toBe(HIS_ID);
    expect(within(his).getByTestId('system-client-keys').textContent).toBe('https://his.herz-sued.example/jwks.json');
    expect(within(his).getByTestId('system-client-scopes').textContent).toBe(
      'system/BiologicallyDerivedProduct.rssystem/Procedure.rs',
    );
    expect(within(his).getByTestId('system-client-created').textContent).toBe(showDateTime('2026-12-01T08:00:00.000Z'));
    expect(within(his).getByTestId('system-client-last-used').textContent).toBe(
      showDateTime('2026-12-05T09:30:00.000Z'),
    );
    expect(within(his).queryByTestId('system-client-revoked')).toBeNull();
    expect(within(his).getByTestId('system-client-revoke')).toBeTruthy();

    expect(within(lab).getByTestId('system-client-revoked').textContent).toBe('Revoked');
    expect(within(lab).getByTestId('system-client-keys').textContent).toBe('lab-2025RSA');
    expect(within(lab).getByTestId('system-client-last-used').textContent).toBe('Never');
    expect(within(lab).getByTestId('system-client-revoked-at').textContent).toBe(
      showDateTime('2026-06-01T12:00:00.000Z'),
    );
    expect(within(lab).queryByTestId('system-client-revoke')).toBeNull();
    expect(within(section).getByTestId('system-client-add')).toBeTruthy();

    fireEvent.click(within(his).getByTestId('system-client-id-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(HIS_ID));
    expect(await within(his).findByText('Copied')).toBeTruthy();
  });

  it('auditors read them and change nothing', async () => {
    fakeApi(fakeSystemClients('eute', BANK_ID, [clientOf('eute', BANK_ID), revokedLab('eute', BANK_ID)]).handlers);
    renderUi(
      <OrganisationSystemClients kind="eute" organisationId={BANK_ID} name="Gewebebank Nord" canWrite={false} />,
    );
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByTestId('system-client-add')).toBeNull();
    expect(screen.queryByTestId('system-client-revoke')).toBeNull();
  });

  it('an admin registers one by its key address: empty fields are refused first, then the form sends what was chosen', async () => {
    const show = vi.spyOn(notifications, 'show');
    const systems = fakeSystemClients('eute', BANK_ID, []);
    const api = fakeApi(systems.handlers);
    renderUi(<OrganisationSystemClients kind="eute" organisationId={BANK_ID} name="Gewebebank Nord" canWrite />);
    expect((await screen.findByTestId('system-clients-none')).textContent).toBe('No system registered.');
    fireEvent.click(screen.getByTestId('system-client-add'));
    await screen.findByTestId('system-client-form');
    expect(screen.getByRole('dialog').textContent).toContain('Register a system for Gewebebank Nord');

    fireEvent.click(screen.getByTestId('system-client-submit'));
    await waitFor(() => expect(shownError(input('system-client-name'))).toBe('Please fill in this field.'));
    expect(shownError(input('system-client-jwks-url'))).toBe('Please fill in this field.');
    expect(scopesError()).toBe('Tick at least one box.');

    type('system-client-name', 'Laboratory system');
    type('system-client-jwks-url', 'http://lims.bank-nord.example/jwks.json');
    await waitFor(() =>
      expect(shownError(input('system-client-jwks-url'))).toBe(
        'Enter an address starting with https:// (http:// only for localhost or 127.0.0.1).',
      ),
    );
    type('system-client-jwks-url', ' https://lims.bank-nord.example/jwks.json ');
    tick('BiologicallyDerivedProduct', 'read');
    tick('BiologicallyDerivedProduct', 'search');
    tick('Observation', 'search');
    tick('Procedure', 'read');
    tick('Procedure', 'read');
    await waitFor(() => expect(scopesError()).toBeNull());
    expect(input('system-client-scope-Procedure-read').checked).toBe(false);
    fireEvent.click(screen.getByTestId('system-client-submit'));

    await waitFor(() => expect(api.callsTo('POST', systems.path)).toHaveLength(1));
    expect(api.callsTo('POST', systems.path)[0]?.body).toEqual({
      name: 'Laboratory system',
      jwksUrl: 'https://lims.bank-nord.example/jwks.json',
      scopes: ['system/BiologicallyDerivedProduct.rs', 'system/Observation.s'],
    });
    await waitFor(() => expect(screen.queryByTestId('system-client-form')).toBeNull());
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByTestId('system-client-id').textContent).toBe(NEW_ID);
    expect(screen.queryByTestId('system-clients-none')).toBeNull();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Laboratory system registered. Its client ID is shown in the list: give it to the integration team.',
      }),
    );
  });

  it('refuses a pasted key set holding a private key without sending it', async () => {
    const systems = fakeSystemClients('clinic', CLINIC.id, []);
    const api = fakeApi(systems.handlers);
    renderUi(<OrganisationSystemClients kind="clinic" organisationId={CLINIC.id} name={CLINIC.c_Name} canWrite />);
    await screen.findByTestId('system-clients-none');
    fireEvent.click(screen.getByTestId('system-client-add'));
    await screen.findByTestId('system-client-form');
    type('system-client-name', 'Hospital information system');
    fireEvent.click(input('system-client-key-source-jwks'));
    const pasted = { keys: [PUBLIC_KEY, { ...PUBLIC_KEY, kid: 'his-private', d: 'c2VjcmV0' }] };
    type('system-client-jwks', JSON.stringify(pasted, null, 2));
    tick('Procedure', 'search');
    fireEvent.click(screen.getByTestId('system-client-submit'));
    await waitFor(() =>
      expect(shownError(input('system-client-jwks'))).toBe(
        'The set holds a private key (his-private). Paste only the public keys; the private key stays with the system.',
      ),
    );
    expect(api.callsTo('POST', systems.path)).toHaveLength(0);

    // Without the private key it goes, as the public set only.
    type('system-client-jwks', JSON.stringify({ keys: [PUBLIC_KEY] }));
    fireEvent.click(screen.getByTestId('system-client-submit'));
    await waitFor(() => expect(api.callsTo('POST', systems.path)).toHaveLength(1));
    expect(api.callsTo('POST', systems.path)[0]?.body).toEqual({
      name: 'Hospital information system',
      jwks: { keys: [PUBLIC_KEY] },
      scopes: ['system/Procedure.s'],
    });
    expect((await screen.findByTestId('system-client-keys')).textContent).toBe('his-2026');
  });

  it.each(LANGUAGES_OF_FORMS)("shows the server's refusals in the form (%s)", async (language) => {
    const systems = fakeSystemClients('clinic', CLINIC.id, []);
    const refusals = [
      refuseFields(['jwksUrl', 'validation.pattern']),
      () => problem(400, 'The key his-2026 is not a usable RSA or EC public key.'),
    ];
    let refusal = 0;
    const api = fakeApi({ ...systems.handlers, [`POST ${systems.path}`]: (call) => refusals[refusal++]!(call) });
    renderUi(<OrganisationSystemClients kind="clinic" organisationId={CLINIC.id} name={CLINIC.c_Name} canWrite />);
    await readIn(language);
    await screen.findByTestId('system-clients-none');
    fireEvent.click(screen.getByTestId('system-client-add'));
    await screen.findByTestId('system-client-form');
    const address = textIn(language, 'admin.systemClients.fields.jwksUrl');
    type('system-client-name', 'Hospital information system');
    type('system-client-jwks-url', 'https://his.example/jwks.json');
    tick('AdverseEvent', 'read');

    fireEvent.click(screen.getByTestId('system-client-submit'));
    await waitFor(() =>
      expect(shownError(input('system-client-jwks-url'))).toBe(
        `${address} ${translate(language, 'validation.pattern')}`,
      ),
    );
    expect(screen.getByTestId('system-client-form-error').textContent).toContain(address);
    expectNoServerNames(document.body, ['jwksUrl', 'jwks', 'scopes']);

    // The other source: the complaint about the address goes with it.
    fireEvent.click(input('system-client-key-source-jwks'));
    await waitFor(() => expect(screen.queryByTestId('system-client-form-error')).toBeNull());
    type('system-client-jwks', JSON.stringify({ keys: [PUBLIC_KEY] }));
    fireEvent.click(screen.getByTestId('system-client-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('system-client-form-error').textContent).toBe(
        `${textIn(language, 'errors.notAccepted')}The key his-2026 is not a usable RSA or EC public key.`,
      ),
    );
    expect(api.callsTo('POST', systems.path)).toHaveLength(2);
    expect(screen.getByTestId('system-client-form')).toBeTruthy();
    await readIn('en');
  });

  it('revokes one only after the admin confirms', async () => {
    const systems = fakeSystemClients('eute', BANK_ID, [clientOf('eute', BANK_ID)]);
    const api = fakeApi(systems.handlers);
    renderUi(<OrganisationSystemClients kind="eute" organisationId={BANK_ID} name="Gewebebank Nord" canWrite />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('system-client-revoke'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Revoke Hospital information system?');
    expect(dialog.textContent).toContain('the tokens it holds stop working at once');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', systems.revokePath(HIS_ID))).toHaveLength(0);

    fireEvent.click(screen.getByTestId('system-client-revoke'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-system-client-revoke'));
    await waitFor(() => expect(api.callsTo('POST', systems.revokePath(HIS_ID))).toHaveLength(1));
    expect(api.callsTo('POST', systems.revokePath(HIS_ID))[0]?.body).toBeNull();
    expect((await screen.findByTestId('system-client-revoked')).textContent).toBe('Revoked');
    expect(screen.queryByTestId('system-client-revoke')).toBeNull();
  });
});
