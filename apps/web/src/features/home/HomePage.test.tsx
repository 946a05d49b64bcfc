import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminDashboard, PhysicianDashboard, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, type RecordedCall } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { HomePage } from './HomePage';

const routes = [{ path: '/home', element: <HomePage /> }];
const none = { count: 0, items: [] };
const PHYSICIAN: PhysicianDashboard = {
  serverTime: '2026-11-27T10:00:00.000Z',
  awaitingAnswer: {
    count: 1,
    items: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        lot: 'EL-1',
        state: 'reserved',
        patientCode: 'C-05-2019',
        clinic: 'Clinic A',
        requestedAt: '2026-11-26T10:00:00.000Z',
        deadline: '2026-11-28T10:00:00.000Z',
      },
    ],
  },
  toReceive: none,
  toRecord: none,
  matches: none,
  newMatches: { count: 0, since: null },
  atRisk: none,
  passed: none,
};
const ADMIN: AdminDashboard = {
  serverTime: '2026-11-27T10:00:00.000Z',
  readOnly: true,
  locked: none,
  neverLoggedIn: none,
  importProblems: none,
  failingSubscriptions: none,
  failedMails: 2,
  pushConnections: 3,
  health: { database: true, engine: 'sqlite', missingFiles: 0 },
  latestAudit: [],
};

/** The clinic's follow-ups: `due` and `overdue` as the counts the home asks for (docs/api.md "Follow-ups"). */
const followUps =
  (counts: { due: number; overdue: number } = { due: 0, overdue: 0 }) =>
  ({ query }: RecordedCall) =>
    json({ items: [], total: query.get('state') === 'overdue' ? counts.overdue : counts.due });

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('the homes', () => {
  it('shows a physician the search first, then the reservation awaiting the answer, linked to that state of the requests; counters at zero stay away', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/dashboard': () => json(PHYSICIAN),
      'GET /api/physician/followups': followUps(),
    });
    renderRoutes(routes, '/home');
    expect((await screen.findByTestId('counter-awaiting-count')).textContent).toBe('1');
    expect(screen.getByTestId('counter-awaiting-link').getAttribute('href')).toBe(
      '/home/clinic/requests?state=reserved',
    );
    expect(screen.getByText('EL-1')).toBeTruthy();
    const cards = screen.getByTestId('home-physician').querySelectorAll('[data-testid^="card-"]');
    expect(Array.from(cards, (card) => card.getAttribute('data-testid'))).toEqual([
      'card-quick-search',
      'card-requests',
    ]);
    expect(screen.queryByTestId('counter-receive')).toBeNull();
    expect(screen.queryByTestId('nothing-waiting')).toBeNull();
    expect(screen.queryByTestId('home-admin')).toBeNull();
  });

  it('says in one line that nothing waits for a physician whose counters are all zero', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/dashboard': () => json({ ...PHYSICIAN, awaitingAnswer: none }),
      'GET /api/physician/followups': followUps(),
    });
    renderRoutes(routes, '/home');
    expect((await screen.findByTestId('nothing-waiting')).textContent).toBe('Nothing waiting for you');
    expect(screen.getByTestId('card-quick-search')).toBeTruthy();
    expect(screen.queryByTestId('card-requests')).toBeNull();
    expect(screen.queryByTestId('card-matches')).toBeNull();
    expect(screen.queryByTestId('card-attention')).toBeNull();
  });

  it('counts the follow-ups due and overdue (overdue in red), each linked to its list; at zero one stays away', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/dashboard': () => json({ ...PHYSICIAN, awaitingAnswer: none }),
      'GET /api/physician/followups': followUps({ due: 0, overdue: 2 }),
    });
    renderRoutes(routes, '/home');
    const overdue = await screen.findByTestId('counter-followups-overdue-count');
    expect(overdue.textContent).toBe('2');
    expect(overdue.getAttribute('style')).toContain('--mantine-color-red-9');
    expect(screen.getByTestId('counter-followups-overdue-link').getAttribute('href')).toBe(
      '/home/clinic/followups?state=overdue',
    );
    expect(screen.getByTestId('card-followups').textContent).toContain('follow-ups overdue');
    expect(screen.queryByTestId('counter-followups-due')).toBeNull();
    expect(screen.queryByTestId('nothing-waiting')).toBeNull();
  });

  it('shows an auditor the admin overview with the note that they change nothing', async () => {
    const auditor: Partial<User> = { clinics: [], eutes: [], audit: true };
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician(auditor)),
      'GET /api/admin/dashboard': () => json(ADMIN),
    });
    renderRoutes(routes, '/home');
    expect(await screen.findByTestId('auditor-note')).toBeTruthy();
    expect(screen.getByTestId('counter-mails-link').getAttribute('href')).toBe('/home/admin/mails?state=failed');
    expect(screen.getByTestId('counter-push-count').textContent).toBe('3');
    expect(screen.queryByTestId('home-physician')).toBeNull();
    // No subscription in error: no card for them.
    expect(screen.queryByTestId('card-subscriptions')).toBeNull();
  });

  it("shows the admin the FHIR subscriptions in error, each linked to its organisation's page", async () => {
    const failing = {
      id: '22222222-2222-4222-8222-222222222222',
      clientId: '33333333-3333-4333-8333-333333333333',
      clientName: 'KIS Klinik A',
      organisationType: 'clinic' as const,
      organisationId: '44444444-4444-4444-8444-444444444444',
      organisationName: 'Clinic A',
      endpoint: 'https://kis.example.org/fhir/notify',
      topic: 'https://graftmatch.example.org/api/fhir/R5/SubscriptionTopic/clinic-graft-state',
      lastError: 'HTTP 503',
      errorSince: '2026-11-26T14:05:00.000Z',
    };
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], eutes: [], admin: true })),
      'GET /api/admin/dashboard': () =>
        json({ ...ADMIN, readOnly: false, failingSubscriptions: { count: 1, items: [failing] } }),
    });
    renderRoutes(routes, '/home');
    const card = await screen.findByTestId('card-subscriptions');
    expect(card.textContent).toContain('FHIR subscriptions in error');
    expect(screen.getByTestId('counter-subscriptions-count').textContent).toBe('1');
    const link = screen.getByRole('link', { name: 'KIS Klinik A' });
    expect(link.getAttribute('href')).toBe(`/home/admin/clinics?selected=${failing.organisationId}`);
    const item = screen.getByTestId('failing-subscription');
    expect(item.textContent).toContain('Clinic A');
    expect(item.textContent).toContain('https://kis.example.org/fhir/notify');
    expect(item.textContent).toContain('in error since 2026-11-26 14:05 UTC: HTTP 503');
  });
});
