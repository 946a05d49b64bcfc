import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SignInSettings, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { UsersPage } from './UsersPage';

// The users page says who has a passkey, and holds the rule that admin accounts must use one.

const routes = [{ path: '/home/admin/users', element: <UsersPage /> }];
const withPasskey = aPhysician({ hasPasskey: true });
const admin = (overrides: Partial<User> = {}) =>
  aPhysician({
    id: '44444444-4444-4444-8444-444444444444',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@x.example',
    admin: true,
    clinics: [],
    ...overrides,
  });

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

function fakeUsersApi(me: User, put: (body: SignInSettings) => Response) {
  let stored: SignInSettings = { adminsNeedPasskey: false };
  return fakeApi({
    'GET /api/users/getmyuser': () => json(me),
    'GET /api/admin/users': () => json([withPasskey, admin()]),
    [`GET /api/admin/user/${withPasskey.id}`]: () => json(withPasskey),
    'GET /api/admin/signin-settings': () => json(stored),
    'PUT /api/admin/signin-settings': (call) => {
      const answer = put(call.body as SignInSettings);
      if (answer.ok) {
        stored = call.body as SignInSettings;
      }
      return answer;
    },
  });
}

describe('passkeys on the users page', () => {
  it('marks who has a passkey, in the list and the details, and lets an admin require passkeys of admins', async () => {
    const api = fakeUsersApi(admin({ hasPasskey: true }), (body) => json(body));
    renderRoutes(routes, `/home/admin/users?selected=${withPasskey.id}`);
    expect(await screen.findAllByTestId('user-has-passkey')).toHaveLength(1);
    expect((await screen.findByTestId('user-detail-passkey')).textContent).toBe('registered');

    const rule = (await screen.findByTestId('admins-need-passkey')) as HTMLInputElement;
    await waitFor(() => expect(rule.disabled).toBe(false));
    expect(rule.checked).toBe(false);
    fireEvent.click(rule);
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/signin-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/signin-settings')[0]?.body).toEqual({ adminsNeedPasskey: true });
    await waitFor(() => expect(rule.checked).toBe(true));
  });

  it('keeps the rule off when the server refuses it (no passkey of the admin’s own)', async () => {
    fakeUsersApi(admin(), () => problem(409, 'Add a passkey to your own account first.'));
    renderRoutes(routes, '/home/admin/users');
    const rule = (await screen.findByTestId('admins-need-passkey')) as HTMLInputElement;
    await waitFor(() => expect(rule.disabled).toBe(false));
    fireEvent.click(rule);
    expect((await screen.findByTestId('error-alert')).textContent).toContain(
      'Add a passkey to your own account first.',
    );
    await waitFor(() => expect(rule.disabled).toBe(false));
    expect(rule.checked).toBe(false);
  });

  it('shows the rule to auditors without letting them change it', async () => {
    fakeUsersApi(aPhysician({ audit: true, clinics: [] }), (body) => json(body));
    renderRoutes(routes, '/home/admin/users');
    const rule = (await screen.findByTestId('admins-need-passkey')) as HTMLInputElement;
    await screen.findAllByTestId('user-has-passkey');
    expect(rule.disabled).toBe(true);
  });
});
