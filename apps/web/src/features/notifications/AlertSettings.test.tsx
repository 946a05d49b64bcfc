import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { DEFAULT_NOTIFICATION_PREFERENCES, translate, type NotificationPreferences } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { LANGUAGES_OF_FORMS, readIn, refuseFields, textIn } from '../../test/refusal';
import { renderUi } from '../../test/render';
import { alertEventsOf } from './alertEvents';
import { AlertSettings } from './AlertSettings';

const path = '/api/me/notification-preferences';
const physicianEvents = alertEventsOf(aPhysician());
const mail = (event: string) => screen.getByTestId(`alert-mail-${event}`) as HTMLSelectElement;
const push = (event: string) => screen.getByTestId(`alert-push-${event}`) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByTestId('alert-preferences-save'));

/** The preferences as the server keeps them: what a PUT stores, the next GET answers. */
function fakePreferences() {
  let stored: NotificationPreferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  return {
    [`GET ${path}`]: () => json(stored),
    [`PUT ${path}`]: ({ body }: { body: unknown }) => {
      stored = body as NotificationPreferences;
      return json(stored);
    },
  };
}

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a user's alert channels", () => {
  it('a physician sees their events; silencing one with a deadline is refused at its field, then a fixed choice is saved', async () => {
    const api = fakeApi(fakePreferences());
    const show = vi.spyOn(notifications, 'show');
    renderUi(<AlertSettings events={physicianEvents} />);
    await screen.findByTestId('alert-preferences');
    expect(screen.queryByTestId('alert-event-bankRequest')).toBeNull();
    expect(screen.getAllByText('In the app: always')).toHaveLength(4);
    // Answers to requests carry no clock; reservations do, and say so.
    expect(screen.queryByTestId('alert-clock-requestAnswer')).toBeNull();
    expect(within(screen.getByTestId('alert-event-reservation')).getByText(/Has a deadline/)).toBeTruthy();

    fireEvent.click(push('reservation'));
    fireEvent.change(mail('reservation'), { target: { value: 'off' } });
    fireEvent.change(mail('requestAnswer'), { target: { value: 'off' } });
    fireEvent.change(screen.getByTestId('alert-digest-hour'), { target: { value: '18' } });
    const refusal = '“Reservations for me” has a deadline: keep push or mail on.';
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(mail('reservation').getAttribute('aria-invalid')).toBe('true');
    save();
    await waitFor(() => expect(document.activeElement).toBe(mail('reservation')));
    expect(api.callsTo('PUT', path)).toHaveLength(0);

    fireEvent.change(mail('reservation'), { target: { value: 'digest' } });
    expect(screen.queryByText(refusal)).toBeNull();
    save();
    await waitFor(() => expect(api.callsTo('PUT', path)).toHaveLength(1));
    const sent = api.callsTo('PUT', path)[0]?.body as NotificationPreferences;
    expect(sent.digestHour).toBe(18);
    expect(sent.events.reservation).toEqual({ push: false, mail: 'digest' });
    expect(sent.events.requestAnswer).toEqual({ push: true, mail: 'off' });
    expect(sent.events.bankRequest).toEqual({ push: true, mail: 'now' });
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Alert settings saved.' })),
    );
    expect(mail('reservation').value).toBe('digest');
    expect(push('reservation').checked).toBe(false);
  });

  it("shows the server's refusal at the event it names and keeps what was chosen", async () => {
    const api = fakeApi({
      ...fakePreferences(),
      [`PUT ${path}`]: () =>
        problem(400, 'Keep push or mail on for vigilance.', {
          errors: [{ field: '/events/vigilance', message: 'Vigilance has a deadline: keep push or mail on.' }],
        }),
    });
    renderUi(<AlertSettings events={physicianEvents} />);
    await screen.findByTestId('alert-preferences');
    fireEvent.change(mail('vigilance'), { target: { value: 'digest' } });
    save();
    expect(await screen.findByText('Vigilance has a deadline: keep push or mail on.')).toBeTruthy();
    expect(api.callsTo('PUT', path)).toHaveLength(1);
    expect(mail('vigilance').value).toBe('digest');

    // Changing that event takes the server's word back.
    fireEvent.change(mail('vigilance'), { target: { value: 'now' } });
    expect(screen.queryByText('Vigilance has a deadline: keep push or mail on.')).toBeNull();
  });

  for (const language of LANGUAGES_OF_FORMS) {
    it(`names the event the server refuses by its label, at the event and in the form's message (${language})`, async () => {
      fakeApi({
        ...fakePreferences(),
        [`PUT ${path}`]: refuseFields(['/events/vigilance', 'validation.clockEventSilenced']),
      });
      renderUi(<AlertSettings events={physicianEvents} />);
      await screen.findByTestId('alert-preferences');
      await readIn(language);
      fireEvent.change(mail('vigilance'), { target: { value: 'digest' } });
      save();
      const label = textIn(language, 'alerts.event.vigilance.label');
      const shown = `${label} ${translate(language, 'validation.clockEventSilenced')}`;
      expect(await within(screen.getByTestId('alert-event-vigilance')).findByText(shown)).toBeTruthy();
      expect(screen.getByTestId('alert-preferences-error').textContent).toContain(label);
      expect(document.body.textContent).not.toContain('/events/');
    });
  }
});
