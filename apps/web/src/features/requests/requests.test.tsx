import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RequestInbox } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aGraftRequest as aRequest, REQUEST_ID } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { InboxPage } from './InboxPage';
import { MyRequestsPage } from './MyRequestsPage';

const ID = REQUEST_ID;

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('graft requests in the web app', () => {
  it('the physician sees the reservation with its deadline and warning, and confirms only after being asked', async () => {
    const api = fakeApi({
      'GET /api/physician/requests': () => json([aRequest()]),
      [`POST /api/physician/requests/${ID}/confirm`]: () =>
        json(aRequest({ state: 'confirmed', actions: ['withdraw'] })),
    });
    renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
    const card = await screen.findByTestId('request-card');
    expect(within(card).getByTestId('request-state').dataset.state).toBe('reserved');
    expect(within(card).getByTestId('request-deadline')).toBeTruthy();
    expect(within(card).getByTestId('lead-time')).toBeTruthy();

    fireEvent.click(within(card).getByTestId('step-confirm'));
    expect(api.callsTo('POST', `/api/physician/requests/${ID}/confirm`)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('step-submit'));
    await waitFor(() => expect(api.callsTo('POST', `/api/physician/requests/${ID}/confirm`)).toHaveLength(1));
  });

  it('a reservation counts down in the app’s date format: amber under 12 hours, red under 2', async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const requests = [20, 5, 1].map((hours, index) =>
      aRequest({ id: `00000000-0000-4000-8000-00000000000${index}`, lot: `EL-${hours}`, deadline: at(hours) }),
    );
    fakeApi({ 'GET /api/physician/requests': () => json(requests) });
    renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
    const cards = await screen.findAllByTestId('request-card');
    const deadlines = cards.map((card) => within(card).getByTestId('request-deadline'));
    expect(deadlines.map((deadline) => deadline.dataset.urgency)).toEqual(['normal', 'soon', 'urgent']);
    const shown = requests[1]?.deadline ?? '';
    expect(deadlines[1]?.textContent).toContain(`Reserved until ${shown.slice(0, 10)} ${shown.slice(11, 16)} UTC`);
    expect(deadlines[1]?.textContent).toMatch(/5 hr 0 min left/);
    expect(deadlines[0]?.textContent).not.toMatch(/\d+\/\d+\/\d{4}/);
  });

  it('the bank sees each graft with its requests and ranked candidates, each with its reason', async () => {
    const inbox: RequestInbox = [
      {
        lot: 'EL-7',
        t_ProdName_2: 5,
        t_Dproximal: 20.5,
        t_Lmax: 40,
        expiry: '2027-11-24',
        e_Name: 'Bank North',
        leadTimeDays: 2,
        requests: [aRequest({ state: 'requested', deadline: null, actions: ['reserve', 'decline'] })],
        candidates: [
          {
            requestId: ID,
            waitinglistid: null,
            patient_Code: 'A-03-2021',
            c_Name: 'Clinic A',
            physician_Name: 'Dr. Berg',
            query_i_min: '2026-11-25',
            query_i_max: '2027-01-25',
            score: 82.5,
            urgency: 39.3,
            fit: 30,
            waiting: 3.2,
            request: 10,
            reason: 'implant window opens in 1 day; asked for this graft; waiting 14 days; requested in the app',
            leadTimeWarning: true,
          },
        ],
      },
    ];
    fakeApi({ 'GET /api/euteemployee/requests': () => json(inbox) });
    renderRoutes([{ path: '/home/eute/requests', element: <InboxPage /> }], '/home/eute/requests');
    const graft = await screen.findByTestId('inbox-graft');
    expect(within(graft).getByTestId('step-reserve')).toBeTruthy();
    const candidate = within(graft).getByTestId('candidate');
    expect(candidate.textContent).toContain('82.5');
    expect(candidate.textContent).toContain('implant window opens in 1 day');
  });
});
