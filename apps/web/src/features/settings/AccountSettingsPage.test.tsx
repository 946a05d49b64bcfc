import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, fakeSettings, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderUi } from '../../test/render';
import { AccountSettingsPage } from './AccountSettingsPage';
import { meKey } from '../auth';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const heading = (name: string) => screen.queryByRole('heading', { level: 2, name });

describe('the alert sections of the settings page', () => {
  it('shows a physician their alerts and devices, and an auditor who receives none neither', async () => {
    const answers = {
      ...fakeSettings(),
      'GET /api/me/notification-preferences': () => json(DEFAULT_NOTIFICATION_PREFERENCES),
      'GET /api/me/push-subscriptions': () => json({ items: [] }),
    };
    fakeApi({ ...answers, 'GET /api/users/getmyuser': () => json(aPhysician()) });
    setAccessToken(fakeJwt(900, 'access'));
    const { unmount } = renderUi(<AccountSettingsPage />);
    expect(await screen.findByTestId('alert-event-reservation')).toBeTruthy();
    expect(heading('Alerts')).toBeTruthy();
    expect(heading('Push on this device')).toBeTruthy();
    expect(heading('Notifications')).toBeTruthy();
    unmount();

    const api = fakeApi({
      ...answers,
      'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], audit: true })),
    });
    const { queryClient } = renderUi(<AccountSettingsPage />);
    await waitFor(() => expect(queryClient.getQueryData(meKey)).toBeTruthy());
    await screen.findByTestId('match-mails-switch');
    expect(heading('Alerts')).toBeNull();
    expect(heading('Push on this device')).toBeNull();
    expect(api.callsTo('GET', '/api/me/notification-preferences')).toHaveLength(0);
  });
});
