import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminDashboard, PhysicianDashboard, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
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
  failedMails: 2,
  pushConnections: 3,
  health: { database: true, engine: 'sqlite', missingFiles: 0 },
  latestAudit: [],
};

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('the homes', () => {
  it('shows a physician the reservation awaiting the answer, linked to that state of the requests, and empty states', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/dashboard': () => json(PHYSICIAN),
    });
    renderRoutes(routes, '/home');
    expect((await screen.findByTestId('counter-awaiting-count')).textContent).toBe('1');
    expect(screen.getByTestId('counter-awaiting-link').getAttribute('href')).toBe(
      '/home/clinic/requests?state=reserved',
    );
    expect(screen.getByText('EL-1')).toBeTruthy();
    expect(screen.getByTestId('card-matches').textContent).toContain('Waiting-list entries that free grafts fit');
    expect(screen.queryByTestId('home-admin')).toBeNull();
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
  });
});
