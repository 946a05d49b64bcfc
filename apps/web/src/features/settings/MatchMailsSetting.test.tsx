import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, fakeSettings } from '../../test/fakeApi';
import { renderUi } from '../../test/render';
import { AccountSettingsPage } from './AccountSettingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('the match-mails switch on the settings page', () => {
  it('shows the stored setting and switches match mails off with one PATCH', async () => {
    const api = fakeApi(fakeSettings());
    setAccessToken(fakeJwt(900, 'access'));
    renderUi(<AccountSettingsPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    expect(screen.getByTestId('language-switch')).toBeTruthy();
    const toggle = (await screen.findByTestId('match-mails-switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/users/settings')[0]?.body).toEqual({ matchMails: false });
    await waitFor(() => expect(toggle.checked).toBe(false));
  });
});
