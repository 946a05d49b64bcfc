import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BankReminderSettings, Eute } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { changeLanguage } from '../../i18n';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderUi } from '../../test/render';
import { EuteReminders } from './EuteReminders';

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
  competentAuthorityEmail: null,
  timeZone: 'Europe/Berlin',
};
const DEFAULTS: BankReminderSettings = {
  id: EUTE.id,
  expiryReminderDays: [90, 30, 7],
  importSilenceDays: 7,
  unansweredRequestHours: { remind: 4, escalate: 24 },
};
const path = `/api/admin/eutes/${EUTE.id}/reminders`;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe("a bank's reminder thresholds", () => {
  it('an admin changes them; input that is not a list of days is refused before anything is sent', async () => {
    let saved = DEFAULTS;
    const api = fakeApi({
      [`GET ${path}`]: () => json(saved),
      [`PATCH ${path}`]: ({ body }) => {
        saved = { id: EUTE.id, ...(body as Omit<BankReminderSettings, 'id'>) };
        return json(saved);
      },
    });
    renderUi(<EuteReminders eute={EUTE} canWrite />);
    await waitFor(() => expect(input('eute-expiry-days').value).toBe('90, 30, 7'));
    expect(input('eute-silence-days').value).toBe('7');
    const saveButton = () => screen.getByTestId('eute-reminders-save') as HTMLButtonElement;
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(input('eute-expiry-days'), { target: { value: '60, 60' } });
    expect(await screen.findByText(/One to 5 different whole numbers of days from 1 to 730/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(input('eute-expiry-days'), { target: { value: '14, 60' } });
    fireEvent.change(input('eute-silence-days'), { target: { value: '3' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.callsTo('PATCH', path)).toHaveLength(1));
    expect(api.callsTo('PATCH', path)[0]?.body).toEqual({
      expiryReminderDays: [60, 14],
      importSilenceDays: 3,
      unansweredRequestHours: { remind: 4, escalate: 24 },
    });
    await waitFor(() => expect(input('eute-expiry-days').value).toBe('60, 14'));
  });

  it('an admin sets the hours of unanswered requests; the escalation must come after the reminder', async () => {
    let saved = DEFAULTS;
    const api = fakeApi({
      [`GET ${path}`]: () => json(saved),
      [`PATCH ${path}`]: ({ body }) => {
        saved = { id: EUTE.id, ...(body as Omit<BankReminderSettings, 'id'>) };
        return json(saved);
      },
    });
    renderUi(<EuteReminders eute={EUTE} canWrite />);
    await waitFor(() => expect(input('eute-remind-hours').value).toBe('4'));
    expect(input('eute-escalate-hours').value).toBe('24');
    expect(screen.getByText(/after this many hours; by default 4 h\./)).toBeTruthy();
    expect(screen.getByText(/more than the reminder; by default 24 h\./)).toBeTruthy();
    const saveButton = () => screen.getByTestId('eute-reminders-save') as HTMLButtonElement;

    fireEvent.change(input('eute-remind-hours'), { target: { value: '30' } });
    expect(await screen.findByText('Must be more hours than the reminder.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('eute-remind-hours'), { target: { value: '0' } });
    expect(await screen.findByText('A whole number of hours from 1 to 168.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(input('eute-remind-hours'), { target: { value: '1' } });
    fireEvent.change(input('eute-escalate-hours'), { target: { value: '2' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText('Must be more hours than the reminder.')).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.callsTo('PATCH', path)).toHaveLength(1));
    expect(api.callsTo('PATCH', path)[0]?.body).toEqual({
      expiryReminderDays: [90, 30, 7],
      importSilenceDays: 7,
      unansweredRequestHours: { remind: 1, escalate: 2 },
    });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input('eute-escalate-hours').value).toBe('2');
  });

  it('auditors read them and cannot change them, in German too', async () => {
    fakeApi({ [`GET ${path}`]: () => json(DEFAULTS) });
    renderUi(<EuteReminders eute={EUTE} canWrite={false} />);
    await changeLanguage('de');
    await waitFor(() => expect(input('eute-expiry-days').value).toBe('90, 30, 7'));
    expect(input('eute-expiry-days').readOnly).toBe(true);
    expect(input('eute-remind-hours').readOnly).toBe(true);
    expect(input('eute-escalate-hours').readOnly).toBe(true);
    expect(screen.getByText('Unbeantwortete Anfrage: Eskalation nach (Stunden)')).toBeTruthy();
    expect(screen.getByText(/standardmäßig nach 24 h\./)).toBeTruthy();
    expect(screen.queryByTestId('eute-reminders-save')).toBeNull();
  });
});
