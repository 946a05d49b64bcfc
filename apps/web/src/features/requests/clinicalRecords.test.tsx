import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { localDay, shiftDate, type RequestHistory } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { renderRoutes, renderUi } from '../../test/render';
import { aGraftRequest, REQUEST_ID } from '../../test/fixtures';
import { MyRequestsPage } from './MyRequestsPage';
import { RequestCard } from './RequestCard';

// The implant and correction dialogs check dates and patient codes with the domain's rules before
// sending (docs/decisions.md, "Clinical records"); the implant dialog prefills the entry's patient
// code, a correction needs a reason and then shows in the request's history (docs/api.md, "Corrections").

const IMPLANT = `/api/physician/requests/${REQUEST_ID}/implant`;
const SEC = 'DE000123 2021264932585 E0042108 001 20260704';
const OTHER_SEC = 'DE000456 2021697086150 E0042107 001 20260627';
// The fixtures' clinic is in Europe/Berlin: its day, which late in the evening is tomorrow in UTC.
const today = localDay(new Date(), 'Europe/Berlin');

function openImplantDialog(overrides: Parameters<typeof aGraftRequest>[0] = {}, implantAnswer?: () => Response) {
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
    [`POST ${IMPLANT}`]: implantAnswer ?? (() => json({ ...delivered, state: 'implanted', actions: [] })),
  });
  renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
  return api;
}

const CORRECT = `/api/requests/${REQUEST_ID}/corrections`;
const implanted = aGraftRequest({
  state: 'implanted',
  deadline: null,
  deliveredOn: shiftDate(today, -3),
  implantedOn: shiftDate(today, -1),
  actions: [],
});
const history: RequestHistory = [
  { action: 'request.implant', at: '2026-11-20T10:00:00.000Z', by: 'dr.berg@demo.graftmatch.example' },
  {
    action: 'request.correct',
    at: '2026-11-21T10:00:00.000Z',
    by: 'dr.berg@demo.graftmatch.example',
    field: 'implantedOn',
    oldValue: shiftDate(today, -1),
    newValue: shiftDate(today, -2),
    reason: 'Typo',
  },
];

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
    // Without the package's code nothing is sent either.
    fireEvent.click(screen.getByTestId('step-submit'));
    expect(await screen.findByText('Scan or type the code on the package.')).toBeTruthy();
    expect(api.callsTo('POST', IMPLANT)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('scan-input'), { target: { value: SEC } });
    fireEvent.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(api.callsTo('POST', IMPLANT)).toHaveLength(1));
    expect(api.callsTo('POST', IMPLANT)[0]?.body).toEqual({
      date: shiftDate(today, -1),
      patient_Code: 'K-11-2018',
      sec: SEC,
    });
  });

  it('shows both codes when the server refuses another graft’s package, and a typed code that is none', async () => {
    const api = openImplantDialog({}, () => problem(409, 'mismatch', { expectedCode: SEC, scannedCode: OTHER_SEC }));
    fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-implant'));
    const input = await screen.findByTestId('scan-input');
    fireEvent.change(input, { target: { value: 'US000123 2021264932585 E0042108 001 20260704' } });
    fireEvent.blur(input);
    expect(
      await screen.findByText(
        'This code is not a Single European Code: country code US is not an EU or EEA member state.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-submit'));
    expect(api.callsTo('POST', IMPLANT)).toHaveLength(0);

    fireEvent.change(input, { target: { value: OTHER_SEC } });
    fireEvent.click(screen.getByTestId('step-submit'));
    const refusal = await screen.findByTestId('scan-mismatch');
    expect(refusal.textContent).toContain(`The package shows ${OTHER_SEC}, but the graft of this request is ${SEC}.`);
  });

  it('says so when the camera may not be used, and the code can still be typed', async () => {
    const refused = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(refused), enumerateDevices: () => Promise.resolve([]) },
    });
    openImplantDialog();
    fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-implant'));
    const problem = await screen.findByTestId('scan-camera-problem');
    expect(problem.getAttribute('data-problem')).toBe('denied');
    expect(problem.textContent).toContain('Allow camera access for this site');
    expect(screen.getByTestId('scan-input')).toBeTruthy();
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

describe('corrections in the web app', () => {
  it('refuses a future date and a missing reason inline, then sends the correction; the history shows it', async () => {
    const api = fakeApi({
      'GET /api/physician/requests': () => json([implanted]),
      [`POST ${CORRECT}`]: () => json({ ...implanted, implantedOn: shiftDate(today, -2) }),
      [`GET /api/requests/${REQUEST_ID}/history`]: () => json(history),
    });
    renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
    const card = await screen.findByTestId('request-card');
    fireEvent.click(within(card).getByTestId('correct'));
    const date = await screen.findByTestId('step-date');
    expect((date as HTMLInputElement).value).toBe(shiftDate(today, -1));

    fireEvent.change(date, { target: { value: shiftDate(today, 1) } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('The date may not be in the future.')).toBeTruthy();
    expect(screen.getByText('Give the reason for the correction.')).toBeTruthy();
    expect(api.callsTo('POST', CORRECT)).toHaveLength(0);

    fireEvent.change(date, { target: { value: shiftDate(today, -2) } });
    fireEvent.change(screen.getByTestId('correct-reason'), { target: { value: 'Typo' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    await waitFor(() => expect(api.callsTo('POST', CORRECT)).toHaveLength(1));
    expect(api.callsTo('POST', CORRECT)[0]?.body).toEqual({
      field: 'implantedOn',
      value: shiftDate(today, -2),
      reason: 'Typo',
    });

    fireEvent.click(within(card).getByTestId('history-toggle'));
    const correction = await within(card).findByTestId('history-correction');
    expect(correction.textContent).toContain(
      `Implantation date corrected: ${shiftDate(today, -1)} → ${shiftDate(today, -2)}`,
    );
    expect(correction.textContent).toContain('Reason: Typo');
  });

  it('lets the bank correct its delivery date, prefilled, and keeps it after the assignment', async () => {
    const api = fakeApi({ [`POST ${CORRECT}`]: () => json(implanted) });
    const delivered = aGraftRequest({
      state: 'delivered',
      deadline: null,
      assignedOn: shiftDate(today, -5),
      deliveredOn: shiftDate(today, -3),
      actions: [],
    });
    renderUi(<RequestCard request={delivered} side="bank" />);
    fireEvent.click(await screen.findByTestId('correct'));
    fireEvent.click(await screen.findByTestId('correct-field'));
    fireEvent.click(await screen.findByRole('option', { name: 'Delivery date' }));
    const date = await screen.findByTestId('step-date');
    await waitFor(() => expect((date as HTMLInputElement).value).toBe(shiftDate(today, -3)));
    fireEvent.change(date, { target: { value: shiftDate(today, -6) } });
    fireEvent.change(screen.getByTestId('correct-reason'), { target: { value: 'Wrong day' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(
      await screen.findByText(`The date may not be before the previous step (${shiftDate(today, -5)}).`),
    ).toBeTruthy();
    expect(api.callsTo('POST', CORRECT)).toHaveLength(0);
  });
});
