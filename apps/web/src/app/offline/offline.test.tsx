import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { clearSession, isOwnDevice } from '../../api/session';
import { PageLoader } from '../../components/PageLoader';
import { fakeApi, json } from '../../test/fakeApi';
import { renderRoutes, renderUi } from '../../test/render';
import { PushIndicator } from '../PushIndicator';
import { createQueryClient } from '../queryClient';
import { routes } from '../router';

beforeEach(() => {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  act(() => onlineManager.setOnline(true));
  vi.unstubAllGlobals();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function fillLogin() {
  await screen.findByTestId('login-email');
  type('login-email', 'dr.berg@clinic.example');
  type('login-password', 'correct horse battery');
}

describe('writes while offline', () => {
  it('are refused at once, with nothing sent and the form keeping what was typed', async () => {
    const api = fakeApi({});
    renderRoutes(routes, '/login', createQueryClient());
    await fillLogin();
    act(() => onlineManager.setOnline(false));

    fireEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('form-error')).textContent).toBe('You are offline — nothing was sent.');
    expect(api.calls).toEqual([]);
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('dr.berg@clinic.example');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('correct horse battery');
    // Nothing waits to be sent later.
    expect(screen.getByTestId('login-submit').hasAttribute('data-loading')).toBe(false);
  });
});

describe('“this is my device” at login', () => {
  const loginAnswer = () => json({ twoFactor_Token: 't', twoFactorId: 'id', twoFactorTarget: 'd***@clinic.example' });

  it('is ticked unless the user unticks it, and the choice holds for the session', async () => {
    fakeApi({ 'GET /api/auth/login': loginAnswer, 'GET /api/auth/twofactor/status': () => json({ mail: 'sent' }) });
    const { router } = renderRoutes(routes, '/login', createQueryClient());
    await fillLogin();
    expect((screen.getByTestId('login-own-device') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login-tfa'));
    expect(isOwnDevice()).toBe(true);
    clearSession();
    expect(isOwnDevice()).toBe(false);
  });

  it('unticked on a shared computer, keeps nothing', async () => {
    fakeApi({ 'GET /api/auth/login': loginAnswer, 'GET /api/auth/twofactor/status': () => json({ mail: 'sent' }) });
    const { router } = renderRoutes(routes, '/login', createQueryClient());
    await fillLogin();
    fireEvent.click(screen.getByTestId('login-own-device'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login-tfa'));
    expect(isOwnDevice()).toBe(false);
  });
});

describe('reading while offline', () => {
  it('a page whose data was not kept says so instead of spinning', async () => {
    renderUi(<PageLoader />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeTruthy();
    act(() => onlineManager.setOnline(false));
    expect((await screen.findByTestId('not-kept')).textContent).toBe(
      'Not kept on this device: this page opens once you are online again.',
    );
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('not-kept')).toBeNull();
  });

  it('the header says offline with the time of the newest data on hand, and live again once online', async () => {
    const { queryClient } = renderUi(<PushIndicator status="live" />);
    const indicator = screen.getByTestId('push-status');
    expect(indicator.textContent).toBe('Live');
    const updatedAt = new Date();
    updatedAt.setHours(9, 41, 0, 0);
    act(() => {
      queryClient.setQueryData(['requests', 'mine'], [], { updatedAt: updatedAt.getTime() });
      onlineManager.setOnline(false);
    });
    await waitFor(() => expect(indicator.textContent).toMatch(/^Offline · data from 09:41 \S+$/));
    expect(indicator.getAttribute('data-network')).toBe('offline');
    act(() => onlineManager.setOnline(true));
    expect(indicator.textContent).toBe('Live');
  });
});
