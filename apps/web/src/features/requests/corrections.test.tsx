import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shiftDate, utcDate, type RequestHistory } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { aGraftRequest, REQUEST_ID } from '../../test/requestFixture';
import { MyRequestsPage } from './MyRequestsPage';

// "Correct" on a recorded step: the step's rules and a mandatory reason before anything is sent;
// the correction then shows in the request's history (docs/api.md, "Corrections").

const CORRECT = `/api/requests/${REQUEST_ID}/corrections`;
const today = utcDate(new Date());
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

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
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
});
