import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ListStatus, shiftDate, StepStatus, utcDate, type StockGraft } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, pagedJson } from '../../test/fakeApi';
import { aGraft, aPhysician } from '../../test/fixtures';
import { renderRoutes, testQueryClient } from '../../test/render';
import { meKey } from '../auth';
import { DonationDetailsPage } from './DonationDetailsPage';
import { StockPage } from './StockPage';

const routes = [
  { path: '/home/eute/current', element: <StockPage /> },
  { path: '/home/eute/donation/:lot', element: <DonationDetailsPage /> },
];

const today = utcDate(new Date());
const inDays = (days: number) => ({ status: StepStatus.Open, outValue: shiftDate(today, days) });
const stockGraft = (overrides: Partial<StockGraft>): StockGraft => ({
  ...aGraft({ listStatus: ListStatus.Free, ...overrides }),
  stockState: 'free',
  fittingEntries: 0,
  ...overrides,
});

const soon = stockGraft({ e_Lot: 'EB1-2026-0901', expiry: inDays(19), fittingEntries: 3 });
const later = stockGraft({ e_Lot: 'EB1-2026-0902', expiry: inDays(60), stockState: 'reserved', fittingEntries: null });
const assigned = stockGraft({
  e_Lot: 'EB1-2026-0903',
  listStatus: ListStatus.Current,
  expiry: inDays(200),
  stockState: 'assigned',
  fittingEntries: null,
  c_Name: 'Herz & Gefäß – Nord',
});
const employee = aPhysician({ clinics: [], eutes: [{ id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d99', name: 'Nord' }] });

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The names of the files the page saves (each through a link's click), in order. */
function savedFileNames(): string[] {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

const row = (lot: string) => screen.getAllByTestId('graft-row').find((tr) => tr.dataset.lot === lot)!;

describe('the bank’s stock', () => {
  it('lists every graft with its state, fit count and expiry badge, soonest first, and opens a LOT’s details', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/currentdonations': pagedJson([soon, later, assigned]),
      'GET /api/euteemployee/currentdonations/EB1-2026-0901': () => json(soon),
    });
    // Signed in, as RequireUser makes sure before any page shows.
    const queryClient = testQueryClient();
    queryClient.setQueryData(meKey, employee);
    const { router } = renderRoutes(routes, '/home/eute/current', queryClient);
    await screen.findByTestId('details-EB1-2026-0901');
    expect(api.callsTo('GET', '/api/euteemployee/currentdonations')[0]?.query.get('sort')).toBe('expiry');

    const first = within(row(soon.e_Lot));
    expect(first.getByTestId('expiry-badge').dataset.urgency).toBe('within30');
    expect(first.getByTestId('stock-state').textContent).toBe('Free');
    expect(first.getByTestId('stock-fitting').textContent).toBe('3 entries');
    const second = within(row(later.e_Lot));
    expect(second.getByTestId('expiry-badge').dataset.urgency).toBe('within90');
    expect(second.getByTestId('stock-state').textContent).toBe('Reserved');
    expect(second.getByTestId('stock-fitting').textContent).toBe('–');
    const third = within(row(assigned.e_Lot));
    expect(third.queryByTestId('expiry-badge')).toBeNull();
    expect(third.getByText('Herz & Gefäß – Nord')).toBeTruthy();

    fireEvent.click(screen.getByTestId('details-EB1-2026-0901'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/eute/donation/EB1-2026-0901'));
    await screen.findByTestId('graft-details');
    // The bank's own free graft offers no physician's request, and no physician's call is made.
    expect(screen.queryByTestId('request-link')).toBeNull();
    expect(screen.queryByTestId('request-in-app-EB1-2026-0901')).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/api/physician'))).toBe(false);
  });

  it('keeps the order and filters in the URL: the Expiry header turns the order, a filter asks the server', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/currentdonations': pagedJson([soon]),
    });
    const { router } = renderRoutes(routes, '/home/eute/current?state=free&type=5');
    await screen.findByTestId('details-EB1-2026-0901');
    const firstCall = api.callsTo('GET', '/api/euteemployee/currentdonations')[0]!;
    expect([firstCall.query.get('state'), firstCall.query.get('type')]).toEqual(['free', '5']);

    expect(screen.getByTestId('sort-expiry').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByTestId('sort-expiry'));
    await waitFor(() => expect(router.state.location.search).toContain('sort=-expiry'));
    expect(router.state.location.search).toContain('state=free');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/euteemployee/currentdonations').at(-1)?.query.get('sort')).toBe('-expiry'),
    );
    expect(screen.getByTestId('sort-expiry').closest('th')?.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTestId('stock-filter-clear'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-expiry'));
  });

  it('says what would appear when the stock is empty', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/currentdonations': () => json([]),
    });
    renderRoutes(routes, '/home/eute/current');
    const empty = await screen.findByTestId('eute-current-empty');
    expect(empty.textContent).toContain('Your stock is empty');
    expect(empty.textContent).toContain('free ones, reserved ones and those assigned or delivered');
  });
});

describe('export on the donations page', () => {
  it('fetches each format with the bearer header and saves it under the server’s name', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/currentdonations': () => json([]),
      'GET /api/euteemployee/export': (call) =>
        new Response('e_Lot\n', {
          headers: { 'content-disposition': `attachment; filename="grafts.${call.query.get('format')}"` },
        }),
    });
    const names = savedFileNames();
    renderRoutes([{ path: '/home/eute/current', element: <StockPage /> }], '/home/eute/current');
    for (const label of ['CSV', 'JSON', 'Excel']) {
      fireEvent.click(await screen.findByRole('button', { name: `Export the bank's grafts as ${label}` }));
      await waitFor(() => expect(names).toHaveLength(['CSV', 'JSON', 'Excel'].indexOf(label) + 1));
    }
    expect(names).toEqual(['grafts.csv', 'grafts.json', 'grafts.xlsx']);
    const calls = api.callsTo('GET', '/api/euteemployee/export');
    expect(calls.map((call) => call.query.get('format'))).toEqual(['csv', 'json', 'xlsx']);
    expect(calls.every((call) => call.headers.get('authorization')?.startsWith('Bearer '))).toBe(true);
  });

  it('fetches the FHIR R5 Bundle of the bank and saves it as .fhir.json', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/currentdonations': () => json([]),
      'GET /api/fhir/R5/$export': () =>
        new Response('{"resourceType":"Bundle","type":"collection","entry":[]}', {
          headers: { 'content-type': 'application/fhir+json' },
        }),
    });
    const names = savedFileNames();
    renderRoutes([{ path: '/home/eute/current', element: <StockPage /> }], '/home/eute/current');
    fireEvent.click(await screen.findByRole('button', { name: "Export the bank's grafts as FHIR (JSON)" }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^grafts-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
    const [call] = api.callsTo('GET', '/api/fhir/R5/$export');
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('saves one graft as FHIR (JSON) from its details page: the search by its lot', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/euteemployee/currentdonations/EB1-2026-0901': () => json(soon),
      'GET /api/fhir/R5/BiologicallyDerivedProduct': () =>
        new Response('{"resourceType":"Bundle","type":"searchset","total":1,"entry":[]}', {
          headers: { 'content-type': 'application/fhir+json' },
        }),
    });
    const names = savedFileNames();
    const queryClient = testQueryClient();
    queryClient.setQueryData(meKey, employee);
    renderRoutes(routes, '/home/eute/donation/EB1-2026-0901', queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Download this graft as FHIR (JSON)' }));
    await waitFor(() => expect(names).toEqual(['graft-EB1-2026-0901.fhir.json']));
    const [call] = api.callsTo('GET', '/api/fhir/R5/BiologicallyDerivedProduct');
    expect(call?.query.get('identifier')).toBe('EB1-2026-0901');
    expect(call?.headers.get('accept')).toMatch(/application\/fhir\+json/);
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });
});
