import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Eute } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderUi } from '../../test/render';
import { EuteVigilance } from './EuteVigilance';

const EUTE: Eute = {
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Gewebebank Nord',
  euteNumber: 'DE000123',
  active: true,
  address: null,
  housenumber: null,
  zipcode: null,
  city: null,
  country: null,
  email: null,
  phone: null,
  leadTimeDays: 2,
  vigilanceNotificationHours: 24,
  vigilanceConfirmationDays: 90,
  competentAuthorityEmail: 'vigilance@authority.example',
  timeZone: 'Europe/Berlin',
};
const path = `/api/admin/eutes/${EUTE.id}`;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const saveButton = () => screen.getByTestId('eute-vigilance-save') as HTMLButtonElement;

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe("a bank's vigilance settings", () => {
  it('an admin sets the deadlines and clears the authority; out-of-bounds input is refused before anything is sent', async () => {
    const api = fakeApi({
      [`PATCH ${path}`]: ({ body }) => json({ ...EUTE, ...(body as Partial<Eute>) }),
    });
    renderUi(<EuteVigilance eute={EUTE} canWrite />);
    expect(input('eute-notification-hours').value).toBe('24');
    expect(input('eute-confirmation-days').value).toBe('90');
    expect(input('eute-authority-email').value).toBe('vigilance@authority.example');
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(input('eute-notification-hours'), { target: { value: '200' } });
    expect(await screen.findByText(/A whole number of hours from 1 to 168/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('eute-authority-email'), { target: { value: 'no address' } });
    await waitFor(() => expect(screen.getByTestId('eute-authority-email').getAttribute('aria-invalid')).toBe('true'));

    fireEvent.change(input('eute-notification-hours'), { target: { value: '12' } });
    fireEvent.change(input('eute-authority-email'), { target: { value: '' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.callsTo('PATCH', path)).toHaveLength(1));
    expect(api.callsTo('PATCH', path)[0]?.body).toEqual({
      vigilanceNotificationHours: 12,
      competentAuthorityEmail: null,
    });
  });

  it('auditors read them and cannot change them', () => {
    fakeApi({});
    renderUi(<EuteVigilance eute={EUTE} canWrite={false} />);
    expect(input('eute-notification-hours').readOnly).toBe(true);
    expect(input('eute-confirmation-days').readOnly).toBe(true);
    expect(input('eute-authority-email').readOnly).toBe(true);
    expect(screen.queryByTestId('eute-vigilance-save')).toBeNull();
  });
});
