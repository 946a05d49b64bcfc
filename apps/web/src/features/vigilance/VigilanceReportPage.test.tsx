import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { annexFieldsOf, type Lookback, type VigilanceReport } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { expectNoServerNames, LANGUAGES_OF_FORMS, readIn, refuseFields, shownError } from '../../test/refusal';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { VigilanceReportPage } from './VigilanceReportPage';

const ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const BANK = '11111111-1111-4111-8111-111111111111';
const routes = [{ path: '/home/vigilance/:id', element: <VigilanceReportPage /> }];

const draft: VigilanceReport = {
  id: ID,
  kind: 'SAR',
  state: 'draft',
  lot: 'EL-2021-0042',
  bankId: BANK,
  bankName: 'Bank North',
  clinicName: 'Clinic A',
  discoveredAt: '2026-11-26T10:00:00.000Z',
  notificationDeadline: '2026-11-27T10:00:00.000Z',
  confirmationDeadline: '2027-02-24T10:00:00.000Z',
  notifiedAt: null,
  confirmedAt: null,
  quarantine: null,
  sar: {
    notification: {
      tissueEstablishment: 'Bank North',
      euTeCode: 'DE000123',
      reportIdentification: 'SAR-20261126-3F2B8C1E',
      reportingDate: null,
      donationIdentification: 'DE0001232021000004567',
      tissueType: 'Aortic valve',
      singleEuropeanCode: 'DE000123 2021000004567 E0042105 001 20300101',
      patientCode: 'A-03-2021',
      individualAffected: 'recipient',
      applicationDate: '2026-11-20',
      applicationPlace: 'Clinic A',
      reactionDate: null,
      reactionType: null,
      description: 'Fever',
      imputability: null,
      severity: null,
      mitigatingMeasures: null,
    },
    confirmation: {
      confirmationDate: null,
      confirmed: null,
      typeChanged: null,
      typeChange: null,
      clinicalOutcome: null,
      investigationOutcome: null,
      correctiveActions: null,
    },
  },
  sae: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const lookback: Lookback = {
  donationIdentification: 'DE0001232021000004567',
  grafts: [
    {
      lot: 'EL-2021-0042',
      singleEuropeanCode: null,
      bankName: 'Bank North',
      whereabouts: 'implanted',
      clinicName: 'Clinic A',
      implantedOn: '2026-11-20',
      quarantined: false,
      reported: true,
    },
    {
      lot: 'EL-2021-0043',
      singleEuropeanCode: null,
      bankName: 'Bank North',
      whereabouts: 'free',
      clinicName: null,
      implantedOn: null,
      quarantined: false,
      reported: false,
    },
  ],
};

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('a vigilance report’s page', () => {
  it('asks part A in the annex’s wording, each item once; saves it, then submits it after asking', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      [`GET /api/vigilance/reports/${ID}`]: () => json(draft),
      [`GET /api/vigilance/reports/${ID}/lookback`]: () => json(lookback),
      [`PATCH /api/vigilance/reports/${ID}`]: () => json(draft),
      [`POST /api/vigilance/reports/${ID}/submit-notification`]: () => json({ ...draft, state: 'notified' }),
    });
    renderRoutes(routes, `/home/vigilance/${ID}`);
    expect(await screen.findByText('SAR report SAR-20261126-3F2B8C1E')).toBeTruthy();
    // Each item once, as its field's label or as the legend of its fields; a draft's dates in the app's form.
    const items = screen.getAllByTestId('annex-item').map((item) => item.textContent ?? '');
    const wording = [...annexFieldsOf('III-A'), ...annexFieldsOf('Art44-3')].map((entry) => entry.item.en);
    expect(items).toHaveLength(wording.length);
    items.forEach((text, index) => expect(text.split(wording[index]!).length - 1, wording[index]).toBe(1));
    expect(((await screen.findByTestId('field-applicationDate')) as HTMLInputElement).value).toBe('2026-11-20');
    expect(screen.queryByText('Quarantine')).toBeNull();
    // The look-back names where each graft of the donation is.
    const rows = within(await screen.findByTestId('lookback')).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('data-whereabouts'))).toEqual(['implanted', 'free']);

    fireEvent.change(screen.getByTestId('field-reactionType'), { target: { value: 'Infection' } });
    fireEvent.click(screen.getByTestId('submit-notification'));
    fireEvent.click(await screen.findByTestId('confirm-step'));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/vigilance/reports/${ID}/submit-notification`)).toHaveLength(1),
    );
    expect(api.callsTo('PATCH', `/api/vigilance/reports/${ID}`)[0]?.body).toMatchObject({
      sarNotification: { reactionType: 'Infection', description: 'Fever', individualAffected: 'recipient' },
    });
    // Not the fields the graft filled in.
    expect(api.callsTo('PATCH', `/api/vigilance/reports/${ID}`)[0]?.body).not.toHaveProperty(
      'sarNotification.singleEuropeanCode',
    );
  });

  it('downloads the report as a FHIR AdverseEvent', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      [`GET /api/vigilance/reports/${ID}`]: () => json(draft),
      [`GET /api/vigilance/reports/${ID}/lookback`]: () => json(lookback),
      [`GET /api/fhir/R5/AdverseEvent/${ID}`]: () =>
        new Response(JSON.stringify({ resourceType: 'AdverseEvent', id: ID }), {
          headers: { 'content-type': 'application/fhir+json' },
        }),
    });
    renderRoutes(routes, `/home/vigilance/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Download this report as FHIR (JSON)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET', `/api/fhir/R5/AdverseEvent/${ID}`)).toHaveLength(1);
  });

  for (const language of LANGUAGES_OF_FORMS) {
    it(`marks what part A needs and places the server's refusal at each field by its label (${language})`, async () => {
      fakeApi({
        'GET /api/users/getmyuser': () => json(aPhysician()),
        [`GET /api/vigilance/reports/${ID}`]: () => json(draft),
        [`GET /api/vigilance/reports/${ID}/lookback`]: () => json(lookback),
        [`PATCH /api/vigilance/reports/${ID}`]: () => json(draft),
        [`POST /api/vigilance/reports/${ID}/submit-notification`]: refuseFields(
          ['reactionDate', 'validation.required'],
          ['reactionType', 'validation.required'],
        ),
      });
      renderRoutes(routes, `/home/vigilance/${ID}`);
      await screen.findByTestId('submit-notification');
      await readIn(language);
      const item = (field: string) =>
        annexFieldsOf('III-A').find((entry) => entry.fields.includes(field))!.item[language];
      const reactionDate = screen.getByTestId('field-reactionDate');
      expect((reactionDate as HTMLInputElement).required).toBe(true);
      expect((screen.getByTestId('field-imputability') as HTMLInputElement).required).toBe(false);

      fireEvent.click(screen.getByTestId('submit-notification'));
      fireEvent.click(await screen.findByTestId('confirm-step'));
      const alert = await screen.findByTestId('vigilance-submit-error');
      expect(alert.textContent).toContain(`${item('reactionDate')}, ${item('reactionType')}`);
      const missing = language === 'de' ? 'fehlt' : 'is required';
      expect(shownError(reactionDate)).toBe(`${item('reactionDate')} ${missing}`);
      expect(shownError(screen.getByTestId('field-reactionType'))).toBe(`${item('reactionType')} ${missing}`);
      expectNoServerNames(document.body, ['reactionDate', 'reactionType']);

      // Typing the type clears its error, the date's stays.
      fireEvent.change(screen.getByTestId('field-reactionType'), { target: { value: 'Infection' } });
      await waitFor(() => expect(shownError(screen.getByTestId('field-reactionType'))).toBeNull());
      expect(shownError(screen.getByTestId('field-reactionDate'))).toBe(`${item('reactionDate')} ${missing}`);
    });
  }
});
