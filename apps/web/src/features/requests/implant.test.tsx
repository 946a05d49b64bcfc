import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shiftDate, utcDate } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { aGraftRequest, REQUEST_ID } from '../../test/requestFixture';
import { MyRequestsPage } from './MyRequestsPage';

// The implant dialog checks date and patient code with the domain's rules before sending
// (docs/decisions.md, "Clinical records"); the linked entry's patient code is prefilled.

const IMPLANT = `/api/physician/requests/${REQUEST_ID}/implant`;
const today = utcDate(new Date());

function openImplantDialog(overrides: Parameters<typeof aGraftRequest>[0] = {}) {
  const delivered = aGraftRequest({
    state: 'delivered',
    deadline: null,
    deliveredOn: shiftDate(today, -2),
    patient_Code: 'K-11-2018',
    actions: ['implant', 'return'],
    ...overrides,
  });
  const api = fakeApi({
    'GET /api/physician/requests': () => json([delivered]),
    [`POST ${IMPLANT}`]: () => json({ ...delivered, state: 'implanted', actions: [] }),
  });
  renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
  return api;
}

const setDate = (date: string) => fireEvent.change(screen.getByTestId('step-date'), { target: { value: date } });

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the implant dialog', () => {
  it('prefills the entry’s patient code, refuses tomorrow and a date before the delivery, then records', async () => {
    const api = openImplantDialog();
    fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-implant'));
    expect((await screen.findByLabelText('Initial')).getAttribute('value')).toBe('K');
    expect(screen.getByTestId('patient-code-preview').textContent).toBe('Code: K-11-2018');

    setDate(shiftDate(today, 1));
    fireEvent.click(screen.getByTestId('step-submit'));
    expect(await screen.findByText('The date may not be in the future.')).toBeTruthy();
    setDate(shiftDate(today, -3));
    expect(
      await screen.findByText(`The date may not be before the previous step (${shiftDate(today, -2)}).`),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-submit'));
    expect(api.callsTo('POST', IMPLANT)).toHaveLength(0);

    setDate(shiftDate(today, -1));
    fireEvent.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(api.callsTo('POST', IMPLANT)).toHaveLength(1));
    expect(api.callsTo('POST', IMPLANT)[0]?.body).toEqual({ date: shiftDate(today, -1), patient_Code: 'K-11-2018' });
  });

  it('asks for every part of the code when the entry’s patient was not known yet, and sends nothing', async () => {
    const api = openImplantDialog({ patient_Code: 'NN-00-0000' });
    fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-implant'));
    fireEvent.click(await screen.findByTestId('step-submit'));
    expect(await screen.findByText('Enter the initial (one letter).')).toBeTruthy();
    expect(screen.getByText('Enter the birth month.')).toBeTruthy();
    expect(screen.getByText('Enter the birth year.')).toBeTruthy();
    expect(api.callsTo('POST', IMPLANT)).toHaveLength(0);
  });
});
