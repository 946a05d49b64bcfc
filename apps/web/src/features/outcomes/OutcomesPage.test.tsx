import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Outcomes, OutcomeSummary, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes, testQueryClient } from '../../test/render';
import { meKey } from '../auth';
import { OutcomesPage } from './OutcomesPage';

const BANK_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d99';
const OTHER_BANK = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d98';
const employee = aPhysician({ clinics: [], eutes: [{ id: BANK_ID, name: 'Nord' }] });
const admin = aPhysician({ clinics: [], admin: true });

const summary = (grafts: number, freedomAtOne: number): OutcomeSummary => ({
  grafts,
  followUpsDue: 40,
  followUpsRecorded: 34,
  completeness: 0.85,
  explantsOrReinterventions: 4,
  explants: 2,
  deaths: 1,
  horizons: [1, 5, 10].map((years) => ({
    years,
    days: years * 365.25,
    atRisk: years === 10 ? 0 : grafts - years,
    freedom: years === 10 ? null : { value: freedomAtOne, lower: 0.9, upper: 1 },
    explantAtRisk: years === 10 ? 0 : grafts - years,
    explant: years === 10 ? null : { value: 0.02, lower: 0.005, upper: 0.08 },
    death: years === 10 ? null : { value: 0.01, lower: 0.001, upper: 0.07 },
  })),
});
const curves = {
  freedom: [
    { day: 0, value: 1, lower: 1, upper: 1 },
    { day: 400, value: 0.95, lower: 0.88, upper: 0.99 },
  ],
  explant: [{ day: 0, value: 0, lower: null, upper: null }],
};
const VIEW: Outcomes = {
  asOf: '2026-12-05',
  from: null,
  to: null,
  type: null,
  bank: null,
  bandWidth: 5,
  all: { ...summary(30, 0.975), curves },
  types: [{ type: 5, ...summary(30, 0.975), curves, bands: [{ band: 20, ...summary(12, 0.95) }] }],
};

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAs(user: User) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(meKey, user);
  return renderRoutes([{ path: '/home/quality', element: <OutcomesPage /> }], '/home/quality', queryClient);
}

describe('the quality view', () => {
  it("shows a bank employee its banks' totals, curves and table, filters by type and downloads the CSV", async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/outcomes': ({ headers }) =>
        headers.get('accept')?.startsWith('text/csv')
          ? new Response('\uFEFFGraft type\r\n', {
              headers: {
                'content-type': 'text/csv',
                'content-disposition': 'attachment; filename="outcomes_2026-12-05.csv"',
              },
            })
          : json(VIEW),
    });
    renderAs(employee);
    expect((await screen.findByTestId('outcomes-totals')).textContent).toBe(
      '30 grafts implanted; follow-up completeness 85.0% (34 of 40 due follow-ups recorded).',
    );
    // The table: all types, the type, its band; estimates with limits and those at risk.
    const rows = screen.getAllByTestId('outcome-row');
    expect(rows.map((row) => row.dataset.group)).toEqual(['all', '5', '5:20']);
    const band = within(rows[2]!);
    expect(band.getByText('Aortic valve, 20–25 mm')).toBeTruthy();
    expect(band.getAllByText('95.0% (90.0%–100.0%)')).toHaveLength(2);
    expect(band.getByText('11 at risk')).toBeTruthy();
    expect(within(rows[0]!).getAllByText('–').length).toBeGreaterThan(0);
    // The curves are drawn for sighted readers only; the table is their alternative.
    expect((await screen.findByTestId('outcomes-freedom-chart')).getAttribute('aria-hidden')).toBe('true');
    // One bank: nothing to choose.
    expect(screen.queryByTestId('outcomes-bank')).toBeNull();

    fireEvent.change(screen.getByTestId('outcomes-type'), { target: { value: '5' } });
    await waitFor(() => expect(api.callsTo('GET', '/api/euteemployee/outcomes')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/euteemployee/outcomes')[1]?.query.get('type')).toBe('5');

    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByTestId('outcomes-csv'));
    await waitFor(() => expect(saved).toEqual(['outcomes_2026-12-05.csv']));
    const download = api.callsTo('GET', '/api/euteemployee/outcomes').at(-1)!;
    expect(download.headers.get('accept')).toBe('text/csv, application/problem+json');
    expect(download.query.get('type')).toBe('5');
  });

  it('lets admins and auditors read the network or choose a bank', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(admin),
      'GET /api/admin/outcomes': () => json(VIEW),
      'GET /api/admin/eutes': () =>
        json([
          { id: BANK_ID, name: 'Nord' },
          { id: OTHER_BANK, name: 'Süd' },
        ]),
    });
    renderAs(admin);
    await screen.findByTestId('outcomes-totals');
    const bank = await screen.findByTestId('outcomes-bank');
    await within(bank).findByRole('option', { name: 'Süd' });
    expect(within(bank).getByRole('option', { name: 'Whole network' })).toBeTruthy();
    fireEvent.change(bank, { target: { value: OTHER_BANK } });
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/outcomes')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/admin/outcomes')[1]?.query.get('bank')).toBe(OTHER_BANK);
    expect(api.callsTo('GET', '/api/euteemployee/outcomes')).toHaveLength(0);
  });

  it('tells a physician the page is not theirs, and shows an empty period as such', async () => {
    fakeApi({ 'GET /api/users/getmyuser': () => json(aPhysician()) });
    const { unmount } = renderAs(aPhysician());
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    unmount();

    const empty = { ...VIEW, all: { ...summary(0, 1), completeness: null, curves }, types: [] };
    fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/outcomes': () => json(empty),
    });
    renderAs(employee);
    expect(await screen.findByTestId('outcomes-empty')).toBeTruthy();
  });
});
