import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { translate, type Clinic, type Eute, type Language, type MessageKey } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { expectNoServerNames, LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderRoutes, renderUi } from '../../test/render';
import { ClinicsPage } from './ClinicsPage';
import { EutesPage } from './EutesPage';
import { UserForm } from './UserFormModal';

// Every admin form places the server's refusal at its field, named by the field's label, in the
// reader's language; the form's message names the field too (docs/decisions.md, "Forms that say
// what they need").

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
const CLINIC: Clinic = {
  id: '11111111-1111-4111-8111-111111111111',
  c_Name: 'Herzzentrum Süd',
  active: true,
  timeZone: 'Europe/Berlin',
};
const admin = aPhysician({ admin: true, clinics: [] });
const BANK = `/api/admin/eutes/${EUTE.id}`;

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

function bankPage(refusals: Parameters<typeof fakeApi>[0]) {
  fakeApi({
    'GET /api/users/getmyuser': () => json(admin),
    'GET /api/admin/eutes': () => json([EUTE]),
    'GET /api/admin/users': () => json([]),
    [`GET ${BANK}`]: () => json(EUTE),
    [`GET ${BANK}/reminders`]: () =>
      json({
        id: EUTE.id,
        expiryReminderDays: [90, 30, 7],
        importSilenceDays: 14,
        unansweredRequestHours: { remind: 4, escalate: 24 },
      }),
    [`GET ${BANK}/apikeys`]: () => json([]),
    ...refusals,
  });
  renderRoutes([{ path: '/home/admin/eutes', element: <EutesPage /> }], `/home/admin/eutes?selected=${EUTE.id}`);
}

/** The field shows `label message`, the form's alert names the label, and no server name or expression shows. */
async function expectRefusedAt(
  input: () => HTMLElement,
  labelKey: string,
  messageKey: MessageKey,
  language: Language,
  alertTestId: string,
) {
  const label = textIn(language, labelKey);
  await waitFor(() => expect(shownError(input())).toBe(`${label} ${translate(language, messageKey)}`));
  expect(screen.getByTestId(alertTestId).textContent).toContain(label);
  expectNoServerNames(document.body, ['c_Name', 'euteNumber', 'importSilenceDays', 'vigilanceNotificationHours']);
}

describe.each(LANGUAGES_OF_FORMS)('the admin forms place a refusal at its field (%s)', (language) => {
  it('adding a bank: an address that is none', async () => {
    bankPage({ 'POST /api/admin/eutes/add': refuseFields(['email', 'validation.patterns.email']) });
    fireEvent.click(await screen.findByTestId('eute-add'));
    await readIn(language);
    const name = await screen.findByTestId('eute-add-name');
    expect((name as HTMLInputElement).required).toBe(true);
    fireEvent.change(name, { target: { value: 'Bank Ost' } });
    fireEvent.change(screen.getByTestId('eute-add-euteNumber'), { target: { value: 'DE000999' } });
    fireEvent.change(screen.getByTestId('eute-add-email'), { target: { value: 'ost@bank' } });
    fireEvent.click(screen.getByTestId('eute-add-submit'));
    await expectRefusedAt(
      () => screen.getByTestId('eute-add-email'),
      'admin.eutes.fields.email',
      'validation.patterns.email',
      language,
      'eute-add-error',
    );
    expect(screen.getByTestId('eute-add-error').textContent).toContain(textIn(language, 'errors.notAccepted'));
  });

  it("editing a bank's facts", async () => {
    bankPage({ [`PATCH ${BANK}`]: refuseFields(['phone', 'validation.patterns.oneLine']) });
    fireEvent.click(await screen.findByTestId('eute-edit'));
    await readIn(language);
    fireEvent.change(await screen.findByTestId('eute-phone'), { target: { value: '+49 40 1234' } });
    fireEvent.click(screen.getByTestId('eute-submit'));
    await expectRefusedAt(
      () => screen.getByTestId('eute-phone'),
      'admin.eutes.fields.phone',
      'validation.patterns.oneLine',
      language,
      'eute-form-error',
    );
  });

  it("a bank's lead time", async () => {
    bankPage({ [`PATCH ${BANK}/leadtime`]: refuseFields(['days', 'validation.invalid']) });
    await readIn(language);
    fireEvent.change(await screen.findByTestId('eute-leadtime'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('eute-leadtime-save'));
    await expectRefusedAt(
      () => screen.getByTestId('eute-leadtime'),
      'admin.eutes.leadTime',
      'validation.invalid',
      language,
      'eute-leadtime-error',
    );
  });

  it("a bank's reminders", async () => {
    bankPage({ [`PATCH ${BANK}/reminders`]: refuseFields(['importSilenceDays', 'validation.invalid']) });
    await readIn(language);
    fireEvent.change(await screen.findByTestId('eute-silence-days'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('eute-reminders-save'));
    await expectRefusedAt(
      () => screen.getByTestId('eute-silence-days'),
      'admin.eutes.silenceDays',
      'validation.invalid',
      language,
      'eute-reminders-error',
    );
  });

  it("a bank's vigilance deadlines", async () => {
    bankPage({ [`PATCH ${BANK}`]: refuseFields(['vigilanceNotificationHours', 'validation.invalid']) });
    await readIn(language);
    fireEvent.change(await screen.findByTestId('eute-notification-hours'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('eute-vigilance-save'));
    await expectRefusedAt(
      () => screen.getByTestId('eute-notification-hours'),
      'admin.eutes.notificationHours',
      'validation.invalid',
      language,
      'eute-vigilance-error',
    );
  });

  it("a bank's time zone", async () => {
    bankPage({ [`PATCH ${BANK}`]: refuseFields(['timeZone', 'validation.timeZone']) });
    await readIn(language);
    fireEvent.click(await screen.findByTestId('eute-timezone'));
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/Vienna' }));
    fireEvent.click(screen.getByTestId('eute-timezone-save'));
    await expectRefusedAt(
      () => screen.getByTestId('eute-timezone'),
      'admin.timeZone.label',
      'validation.timeZone',
      language,
      'eute-timezone-error',
    );
  });

  it("a bank's new API key", async () => {
    bankPage({ [`POST ${BANK}/apikeys`]: refuseFields(['label', 'validation.patterns.oneLine']) });
    await readIn(language);
    const label = await screen.findByTestId('apikey-label');
    expect((label as HTMLInputElement).required).toBe(true);
    fireEvent.change(label, { target: { value: 'LIMS' } });
    fireEvent.click(screen.getByTestId('apikey-create'));
    await expectRefusedAt(
      () => screen.getByTestId('apikey-label'),
      'admin.apiKeys.label',
      'validation.patterns.oneLine',
      language,
      'apikey-form-error',
    );
  });

  it('adding a clinic', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(admin),
      'GET /api/admin/clinics': () => json([CLINIC]),
      'GET /api/admin/users': () => json([]),
      'POST /api/admin/clinics/add': refuseFields(['c_Name', 'validation.patterns.oneLine']),
    });
    renderRoutes([{ path: '/home/admin/clinics', element: <ClinicsPage /> }], '/home/admin/clinics');
    fireEvent.click(await screen.findByTestId('clinic-add'));
    await readIn(language);
    fireEvent.change(await screen.findByTestId('clinic-name'), { target: { value: 'Klinik Ost' } });
    fireEvent.click(screen.getByTestId('clinic-submit'));
    await expectRefusedAt(
      () => screen.getByTestId('clinic-name'),
      'admin.clinics.name',
      'validation.patterns.oneLine',
      language,
      'clinic-form-error',
    );
  });

  it('adding a user: a field of the body and one of a nested list', async () => {
    fakeApi({
      'GET /api/admin/clinics': () => json([CLINIC]),
      'GET /api/admin/eutes': () => json([EUTE]),
      'POST /api/admin/users/add': refuseFields(
        ['phone', 'validation.patterns.oneLine'],
        ['clinics.0.id', 'validation.invalid'],
      ),
    });
    renderUi(<UserForm onDone={() => undefined} onSaved={() => undefined} />);
    await readIn(language);
    fireEvent.change(screen.getByTestId('user-first-name'), { target: { value: 'Mia' } });
    fireEvent.change(screen.getByTestId('user-last-name'), { target: { value: 'Adler' } });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'mia@clinic.example' } });
    fireEvent.change(screen.getByTestId('user-phone'), { target: { value: '0401' } });
    fireEvent.click(screen.getByTestId('user-submit'));
    await expectRefusedAt(
      () => screen.getByTestId('user-phone'),
      'admin.users.fields.phone',
      'validation.patterns.oneLine',
      language,
      'user-form-error',
    );
    const clinics = textIn(language, 'admin.users.fields.clinics');
    expect(shownError(screen.getByTestId('user-clinics'))).toBe(
      `${clinics} ${translate(language, 'validation.invalid')}`,
    );
    expect(within(screen.getByTestId('user-form-error')).getByText(new RegExp(clinics))).toBeTruthy();
  });
});
