import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AddUserRequest, Clinic, User } from '@graftmatch/domain';
import { notifications } from '@mantine/notifications';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { UsersPage } from './UsersPage';

const routes = [{ path: '/home/admin/users', element: <UsersPage /> }];
const CLINIC: Clinic = {
  id: '11111111-1111-4111-8111-111111111111',
  c_Name: 'Herzzentrum Süd',
  active: true,
  timeZone: 'Europe/Berlin',
};
const NEW_ID = '33333333-3333-4333-8333-333333333333';
const anAdmin = () =>
  aPhysician({
    id: '44444444-4444-4444-8444-444444444444',
    firstName: 'Ada',
    lastName: 'Admin',
    title: null,
    email: 'admin@x.example',
    admin: true,
    clinics: [],
  });
const anAuditor = () =>
  aPhysician({
    id: '55555555-5555-4555-8555-555555555555',
    firstName: 'Otto',
    lastName: 'Audit',
    title: null,
    email: 'audit@x.example',
    audit: true,
    clinics: [],
  });

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakeAdminApi(me: User, extra: Parameters<typeof fakeApi>[0] = {}) {
  const users: User[] = [aPhysician()];
  return fakeApi({
    'GET /api/users/getmyuser': () => json(me),
    'GET /api/admin/users': () => json(users),
    'GET /api/admin/clinics': () => json([CLINIC]),
    'GET /api/admin/eutes': () => json([]),
    [`GET /api/admin/user/${aPhysician().id}`]: () => json(aPhysician()),
    'POST /api/admin/users/add': (call) => {
      const body = call.body as AddUserRequest;
      const created = aPhysician({
        id: NEW_ID,
        title: null,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: null,
        clinics: [{ id: CLINIC.id, c_Name: CLINIC.c_Name }],
      });
      users.push(created);
      return json(created, 201);
    },
    [`GET /api/admin/user/${NEW_ID}`]: () => json(users.find((u) => u.id === NEW_ID)),
    ...extra,
  });
}

async function fillNewUser() {
  fireEvent.click(await screen.findByTestId('user-add'));
  const form = await screen.findByTestId('user-form');
  fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: 'Mia' } });
  fireEvent.change(within(form).getByLabelText(/Last name/), { target: { value: 'Adler' } });
  fireEvent.change(within(form).getByLabelText(/E-mail address/), { target: { value: 'mia@clinic.example' } });
  return form;
}

describe('admin users page', () => {
  it('adds a user with a clinic membership, reloads the list and selects the new user', async () => {
    const api = fakeAdminApi(anAdmin());
    const show = vi.spyOn(notifications, 'show');
    const { router } = renderRoutes(routes, '/home/admin/users');
    await screen.findByText('Dr. med. Jonas Berg');
    const form = await fillNewUser();
    // The PIN target follows the e-mail until another one is typed.
    expect((within(form).getByLabelText(/PIN goes to/) as HTMLInputElement).value).toBe('mia@clinic.example');
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/clinics')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/admin/clinics')).toHaveLength(1);
    fireEvent.click(within(form).getByLabelText('Clinics'));
    fireEvent.click(await screen.findByRole('option', { name: 'Herzzentrum Süd', hidden: true }));
    fireEvent.click(within(form).getByTestId('user-submit'));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/users/add')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/users/add')[0]?.body).toEqual({
      firstName: 'Mia',
      lastName: 'Adler',
      email: 'mia@clinic.example',
      language: 'en',
      twoFactorTarget: 'mia@clinic.example',
      admin: false,
      audit: false,
      clinics: [{ id: CLINIC.id }],
      eutes: [],
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?selected=${NEW_ID}`));
    expect((await screen.findByTestId('user-detail-name')).textContent).toBe('Mia Adler');
    expect(api.callsTo('GET', '/api/admin/users').length).toBeGreaterThanOrEqual(2);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/invitation mail .* was sent to mia@clinic.example/) }),
    );
  });

  it("shows the server's conflict in the form", async () => {
    fakeAdminApi(anAdmin(), {
      'POST /api/admin/users/add': () => problem(409, 'A user with the e-mail mia@clinic.example already exists.'),
    });
    renderRoutes(routes, '/home/admin/users');
    const form = await fillNewUser();
    fireEvent.click(within(form).getByTestId('user-submit'));
    const alert = await within(form).findByTestId('user-form-error');
    expect(alert.textContent).toContain('already exists');
    expect(alert.textContent).toContain('Not saved');
  });

  it('asks before deactivating and says that the sessions end', async () => {
    const api = fakeAdminApi(anAdmin(), {
      [`GET /api/admin/user/deactivate/${aPhysician().id}`]: () => json(aPhysician({ active: false })),
    });
    renderRoutes(routes, `/home/admin/users?selected=${aPhysician().id}`);
    fireEvent.click(await screen.findByTestId('user-deactivate'));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user?' });
    expect(dialog.textContent).toContain('sessions end');
    expect(api.callsTo('GET', `/api/admin/user/deactivate/${aPhysician().id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-active-change'));
    await waitFor(() => expect(api.callsTo('GET', `/api/admin/user/deactivate/${aPhysician().id}`)).toHaveLength(1));
  });

  it('ends all sessions of a user only after asking, and keeps the account active', async () => {
    const api = fakeAdminApi(anAdmin(), {
      [`POST /api/admin/user/endsessions/${aPhysician().id}`]: () => new Response(null, { status: 204 }),
    });
    renderRoutes(routes, `/home/admin/users?selected=${aPhysician().id}`);
    fireEvent.click(await screen.findByTestId('user-end-sessions'));
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions?' });
    expect(dialog.textContent).toContain('The account stays active');
    expect(api.callsTo('POST', `/api/admin/user/endsessions/${aPhysician().id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-end-sessions'));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/user/endsessions/${aPhysician().id}`)).toHaveLength(1));
    expect(api.callsTo('GET', `/api/admin/user/deactivate/${aPhysician().id}`)).toHaveLength(0);
  });

  it('names the role of a physician, who holds neither flag', async () => {
    fakeAdminApi(anAdmin());
    renderRoutes(routes, '/home/admin/users');
    const row = (await screen.findAllByText('Dr. med. Jonas Berg'))[0]!.closest('tr, article') as HTMLElement;
    expect(within(row).getAllByText('Physician').length).toBeGreaterThan(0);
    expect(within(row).queryByText('Administrator')).toBeNull();
  });

  it('filters by text', async () => {
    fakeAdminApi(anAdmin());
    renderRoutes(routes, '/home/admin/users');
    await screen.findByText('Dr. med. Jonas Berg');
    fireEvent.change(screen.getByTestId('user-filter'), { target: { value: 'nobody' } });
    await screen.findByTestId('users-empty');
    fireEvent.change(screen.getByTestId('user-filter'), { target: { value: 'herz nord' } });
    await screen.findByText('Dr. med. Jonas Berg');
  });

  it('auditors read everything but get no add, edit or activation buttons', async () => {
    fakeAdminApi(anAuditor());
    renderRoutes(routes, `/home/admin/users?selected=${aPhysician().id}`);
    expect((await screen.findByTestId('user-detail-name')).textContent).toBe('Dr. med. Jonas Berg');
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.queryByTestId('user-edit')).toBeNull();
    expect(screen.queryByTestId('user-deactivate')).toBeNull();
    expect(screen.queryByTestId('test-alert-open')).toBeNull();
  });
});
