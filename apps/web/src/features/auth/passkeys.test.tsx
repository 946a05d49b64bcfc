import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Passkey } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderUi } from '../../test/render';
import { PasskeysSetting } from './PasskeysSetting';

// The device's dialog stands in for SimpleWebAuthn's browser calls; the server is the fake API.
const webAuthn = vi.hoisted(() => ({
  startRegistration: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} })),
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

const access = fakeJwt(900, 'access');
const OPTIONS = { challengeId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', options: { challenge: 'abc' } };

beforeEach(() => {
  clearSession();
  localStorage.clear();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The account's passkeys as the server keeps them. */
function fakePasskeys(initial: Passkey[]) {
  let stored = initial;
  return {
    'GET /api/users/passkeys': () => json(stored),
    'POST /api/users/passkeys/options': () => json(OPTIONS),
    'POST /api/users/passkeys': ({ body }: { body: unknown }) => {
      const added = {
        id: 'b1c2d3e4-0000-4000-8000-000000000002',
        name: (body as { name: string }).name,
        createdAt: '2026-12-05T09:00:00.000Z',
        lastUsedAt: null,
        backedUp: true,
      };
      stored = [...stored, added];
      return json(added, 201);
    },
    'PATCH /api/users/passkeys/a1': ({ body }: { body: unknown }) => {
      stored = stored.map((p) => (p.id === 'a1' ? { ...p, name: (body as { name: string }).name } : p));
      return json(stored.find((p) => p.id === 'a1'));
    },
    'DELETE /api/users/passkeys/a1': () => {
      stored = stored.filter((p) => p.id !== 'a1');
      return new Response(null, { status: 204 });
    },
  };
}

describe('passkeys in the settings', () => {
  it('lists them with when they were added and last used, adds one by name, renames and removes one after asking', async () => {
    const laptop: Passkey = {
      id: 'a1',
      name: 'Laptop',
      createdAt: '2026-12-01T08:00:00.000Z',
      lastUsedAt: '2026-12-04T07:30:00.000Z',
      backedUp: false,
    };
    const api = fakeApi(fakePasskeys([laptop]));
    setAccessToken(access);
    renderUi(<PasskeysSetting />);
    const item = await screen.findByTestId('passkey-item');
    expect(item.textContent).toMatch(/Laptop/);
    expect(item.textContent).toMatch(/Added .*2026.* last used .*2026/);

    fireEvent.change(screen.getByTestId('passkey-name'), { target: { value: 'My phone' } });
    fireEvent.click(screen.getByTestId('passkey-add'));
    await waitFor(() => expect(api.callsTo('POST', '/api/users/passkeys')).toHaveLength(1));
    expect(webAuthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(api.callsTo('POST', '/api/users/passkeys')[0]?.body).toMatchObject({
      challengeId: OPTIONS.challengeId,
      name: 'My phone',
      response: { id: 'cred' },
    });
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(2));
    expect(screen.getAllByTestId('passkey-item')[1]?.textContent).toMatch(/not used yet/);

    fireEvent.click(screen.getByRole('button', { name: 'Rename Laptop' }));
    fireEvent.change(screen.getByTestId('passkey-rename-input'), { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByTestId('passkey-rename-save'));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/users/passkeys/a1')[0]?.body).toEqual({ name: 'Work laptop' }),
    );
    expect(await screen.findByText('Work laptop')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo('DELETE', '/api/users/passkeys/a1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-passkey-remove'));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/users/passkeys/a1')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
  });

  it('says so when the device dialog is closed, and sends nothing more', async () => {
    const api = fakeApi(fakePasskeys([]));
    setAccessToken(access);
    webAuthn.startRegistration.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    renderUi(<PasskeysSetting />);
    expect(await screen.findByTestId('passkeys-none')).toBeTruthy();
    fireEvent.change(screen.getByTestId('passkey-name'), { target: { value: 'Phone' } });
    fireEvent.click(screen.getByTestId('passkey-add'));
    expect(await screen.findByText(/closed or timed out/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/passkeys')).toHaveLength(0);
  });
});
