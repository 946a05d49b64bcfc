import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aGraftRequest } from '../../test/fixtures';
import { renderUi } from '../../test/render';
import { StepButtons } from './StepButtons';

const ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const requested = aGraftRequest({
  id: ID,
  state: 'requested',
  deadline: null,
  leadTimeWarning: false,
  actions: ['reserve', 'decline'],
});

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
  vi.useFakeTimers({ toFake: ['Date'] });
  // Thursday 26 November 2026, 13:22 on the reader's clock.
  vi.setSystemTime(new Date(2026, 10, 26, 13, 22));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the reservation dialog', () => {
  it('refuses 500 hours with a field error instead of cutting it to 168, and shows when a valid reservation ends', async () => {
    const reserve = `/api/euteemployee/requests/${ID}/reserve`;
    const api = fakeApi({ [`POST ${reserve}`]: () => json({ ...requested, state: 'reserved', actions: [] }) });
    renderUi(<StepButtons request={requested} side="bank" />);
    fireEvent.click(screen.getByTestId('step-reserve'));
    const hours = (await screen.findByTestId('step-hours')) as HTMLInputElement;

    fireEvent.change(hours, { target: { value: '500' } });
    fireEvent.blur(hours);
    expect(hours.value).toBe('500');
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter whole hours from 1 to 168.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-submit'));
    fireEvent.submit(hours.closest('form')!);
    expect(api.callsTo('POST', reserve)).toHaveLength(0);

    fireEvent.change(hours, { target: { value: '48' } });
    expect(hours.getAttribute('aria-invalid')).not.toBe('true');
    // The end in the app's one date-time format, in UTC.
    const end = new Date(2026, 10, 28, 13, 22).toISOString();
    expect(screen.getByText(`until ${end.slice(0, 10)} ${end.slice(11, 16)} UTC`)).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(api.callsTo('POST', reserve)).toHaveLength(1));
    expect(api.callsTo('POST', reserve)[0]?.body).toEqual({ hours: 48 });
  });
});
