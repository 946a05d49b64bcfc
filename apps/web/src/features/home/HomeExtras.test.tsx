import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EuteDashboard, PhysicianDashboard, StockTrend } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { HomePage } from './HomePage';

const none = { count: 0, items: [] };
const ENTRY = {
  id: '22222222-2222-4222-8222-222222222222',
  patientCode: 'C-05-2019',
  type: 5,
  dMin: 20,
  dMax: 24,
  from: '2026-12-01',
  until: '2027-01-31',
  fitting: 2,
  lots: ['EL-7'],
};
const PHYSICIAN: PhysicianDashboard = {
  serverTime: '2026-11-27T10:00:00.000Z',
  awaitingAnswer: none,
  toReceive: none,
  toRecord: none,
  matches: { count: 3, items: [ENTRY] },
  newMatches: { count: 2, since: '2026-11-26T14:05:00.000Z' },
  atRisk: none,
  passed: none,
};
const BANK: EuteDashboard = {
  serverTime: '2026-11-27T10:00:00.000Z',
  openRequests: { ...none, byAge: { day: 0, days: 0, older: 0 } },
  lapsing: none,
  awaitingDelivery: none,
  expiring: { within30: 0, within60: 0, within90: 0, items: [] },
  stockDemand: [],
  lastImport: null,
  staleImport: true,
  staleAfterDays: 3,
  vigilance: none,
};
const HOUR_MS = 3_600_000;
const TREND: StockTrend = {
  months: Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    asOf: `2026-${String(index + 1).padStart(2, '0')}-28`,
    types: [
      { type: 5, stock: index, demand: 1 },
      { type: 7, stock: 10, demand: 2 },
    ],
  })),
};

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe("the homes' additions", () => {
  it('tells the physician how many matches are new since they last looked, and the quick search opens the search URL', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/dashboard': () => json(PHYSICIAN),
    });
    const { router } = renderRoutes(
      [
        { path: '/home', element: <HomePage /> },
        { path: '/home/clinic/search/:type', element: <p>search</p> },
      ],
      '/home',
    );
    expect((await screen.findByTestId('new-matches')).textContent).toContain('2 new since 2026-11-26 14:05 UTC.');
    const form = screen.getByTestId('quick-search');
    fireEvent.click(within(form).getByRole('radio', { name: 'Aortic valve' }));
    fireEvent.change(within(form).getByLabelText(/Proximal diameter/), { target: { value: '22' } });
    fireEvent.change(within(form).getByLabelText(/Minimum total length/), { target: { value: '40' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/home/clinic/search/aortic_valve?d_min=20&d_max=24&l_min=40&l_l_min=0&l_r_min=0',
      ),
    );
  });

  it("shows the bank's trend as a table, all types summed or one type, and the bank's own stale-import days", async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], eutes: [{ id: ENTRY.id, name: 'Bank' }] })),
      'GET /api/euteemployee/dashboard': () => json(BANK),
      'GET /api/euteemployee/dashboard/trend': () => json(TREND),
    });
    renderRoutes([{ path: '/home', element: <HomePage /> }], '/home');
    expect((await screen.findByTestId('stale-import')).textContent).toContain('more than 3 days');
    fireEvent.click(await screen.findByTestId('trend-table-toggle'));
    const table = await screen.findByTestId('stock-trend-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[3]?.textContent).toBe('2026-04133');
    fireEvent.change(screen.getByLabelText('Graft type shown'), { target: { value: '5' } });
    expect(within(table).getAllByRole('row')[4]?.textContent).toBe('2026-0431');
  });

  it("lists the bank's open vigilance reports soonest first, the overdue one red, each linked, the counter to the filtered list", async () => {
    const overdue = {
      id: '33333333-3333-4333-8333-333333333333',
      kind: 'SAE' as const,
      reference: 'SAE-20261126-33333333',
      lot: 'VG-1',
      stage: 'notification' as const,
      deadline: new Date(Date.now() - HOUR_MS).toISOString(),
    };
    const later = {
      id: '44444444-4444-4444-8444-444444444444',
      kind: 'SAR' as const,
      reference: 'SAR-20261120-44444444',
      lot: 'VG-2',
      stage: 'confirmation' as const,
      deadline: new Date(Date.now() + 5 * 24 * HOUR_MS).toISOString(),
    };
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], eutes: [{ id: ENTRY.id, name: 'Bank' }] })),
      'GET /api/euteemployee/dashboard': () => json({ ...BANK, vigilance: { count: 2, items: [overdue, later] } }),
      'GET /api/euteemployee/dashboard/trend': () => json(TREND),
    });
    renderRoutes([{ path: '/home', element: <HomePage /> }], '/home');
    const card = await screen.findByTestId('card-vigilance');
    expect(within(card).getByTestId('counter-vigilance-count').textContent).toBe('2');
    expect(within(card).getByTestId('counter-vigilance-link').getAttribute('href')).toBe('/home/vigilance?show=open');
    const items = within(card).getAllByTestId('vigilance-clock-item');
    expect(items.map((item) => item.getAttribute('data-id'))).toEqual([overdue.id, later.id]);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: overdue.reference }).getAttribute('href')).toBe(
      `/home/vigilance/${overdue.id}`,
    );
    expect(within(first).getByTestId('vigilance-clock').getAttribute('data-urgency')).toBe('passed');
    expect(within(first).getByTestId('vigilance-clock').textContent).toContain('Notification (part A) due');
    expect(within(first).getByTestId('request-countdown').textContent).toMatch(/passed/i);
    expect(within(second).getByTestId('vigilance-clock').getAttribute('data-urgency')).toBe('normal');
    expect(within(second).getByTestId('vigilance-clock').textContent).toContain('Confirmation (part B) due');
  });

  it('says what the vigilance card will show while the bank has no open report', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], eutes: [{ id: ENTRY.id, name: 'Bank' }] })),
      'GET /api/euteemployee/dashboard': () => json(BANK),
      'GET /api/euteemployee/dashboard/trend': () => json(TREND),
    });
    renderRoutes([{ path: '/home', element: <HomePage /> }], '/home');
    const card = await screen.findByTestId('card-vigilance');
    expect(within(card).getByTestId('counter-vigilance-count').textContent).toBe('0');
    expect(within(card).getByTestId('home-nothing').textContent).toContain('Open vigilance reports');
  });
});
