import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderUi } from '../../test/render';
import { MatchMailsSetting } from './MatchMailsSetting';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('the match-mails switch on the account page', () => {
  it('shows the stored setting and switches match mails off with one PATCH', async () => {
    let stored = true;
    const api = fakeApi({
      'GET /api/users/settings': () => json({ matchMails: stored }),
      'PATCH /api/users/settings': (call) => {
        stored = (call.body as { matchMails: boolean }).matchMails;
        return json({ matchMails: stored });
      },
    });
    setAccessToken(fakeJwt(900, 'access'));
    renderUi(<MatchMailsSetting />);
    const toggle = (await screen.findByTestId('match-mails-switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/users/settings')[0]?.body).toEqual({ matchMails: false });
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(stored).toBe(false);
  });
});
