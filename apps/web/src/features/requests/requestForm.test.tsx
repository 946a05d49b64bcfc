import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, pagedJson } from '../../test/fakeApi';
import { aGraft, aWaitingListEntry } from '../../test/fixtures';
import { renderUi } from '../../test/render';
import { RequestInAppButton } from './RequestInAppButton';

// "Request in app" ties the request to the patient: the entry the graft fits is preselected, entries
// of another type or size are not offered, and without an entry the patient code is asked for.

const graft = aGraft({
  e_Lot: 'EB1-2026-0901',
  t_Dproximal: 22,
  t_Lmax: 60,
  expiry: { status: 0, outValue: '2028-01-31' },
});
const fits = aWaitingListEntry({ waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d01', patient_Code: 'A-03-2021' });
const pulmonary = aWaitingListEntry({
  waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d02',
  query_Type: 1,
  patient_Code: 'P-01-2020',
});
const tooSmall = aWaitingListEntry({
  waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d03',
  query_d_min: 12,
  query_d_max: 16,
  patient_Code: 'S-02-2022',
});

const created = (body: unknown) => json({ ...(body as object), id: 'x' }, 201);

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog() {
  renderUi(<RequestInAppButton graft={graft} />);
  fireEvent.click(screen.getByTestId('request-in-app-EB1-2026-0901'));
  return screen.findByRole('dialog');
}

describe('request in app', () => {
  it('preselects the entry the graft fits and offers no entry of another type or size', async () => {
    const api = fakeApi({
      'GET /api/physician/waitinglist': pagedJson([pulmonary, fits, tooSmall]),
      'GET /api/physician/requests/lots': () => json([]),
      'POST /api/physician/requests': ({ body }) => created(body),
    });
    const dialog = await openDialog();
    const picker = within(dialog).getByTestId('request-entry') as HTMLInputElement;
    await waitFor(() => expect(picker.value).toContain('A-03-2021'));
    expect(picker.value).toContain('Aortic valve');
    expect(picker.value).toContain('18–24 mm');
    fireEvent.click(picker);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
    expect(options).toHaveLength(1);
    expect(options[0]).toContain('A-03-2021');
    expect(within(dialog).queryByTestId('patient-code')).toBeNull();

    fireEvent.click(within(dialog).getByTestId('request-send'));
    await waitFor(() => expect(api.callsTo('POST', '/api/physician/requests')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/physician/requests')[0]?.body).toEqual({
      lot: 'EB1-2026-0901',
      waitinglistid: fits.waitinglistid,
    });
  });

  it('without a fitting entry asks for the patient code, and sends "not known" only when ticked', async () => {
    const api = fakeApi({
      'GET /api/physician/waitinglist': pagedJson([pulmonary, tooSmall]),
      'GET /api/physician/requests/lots': () => json([]),
      'POST /api/physician/requests': ({ body }) => created(body),
    });
    const dialog = await openDialog();
    await within(dialog).findByText('None of your waiting-list entries fits this graft.');
    fireEvent.change(within(dialog).getByTestId('patient-initial'), { target: { value: 'K' } });
    fireEvent.click(within(dialog).getByTestId('request-send'));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(api.callsTo('POST', '/api/physician/requests')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('request-patient-unknown'));
    fireEvent.click(within(dialog).getByTestId('request-send'));
    await waitFor(() => expect(api.callsTo('POST', '/api/physician/requests')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/physician/requests')[0]?.body).toEqual({
      lot: 'EB1-2026-0901',
      patient_Code: 'NN-00-0000',
    });
  });
});
