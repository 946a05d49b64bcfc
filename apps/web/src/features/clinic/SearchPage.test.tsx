import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shiftDate, StepStatus, utcDate } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, fakeSettings, json, pagedJson } from '../../test/fakeApi';
import { aGraft, aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { mailOpener } from './RequestButton';
import { SearchPage } from './SearchPage';

const routes = [
  { path: '/home/clinic/search', element: <SearchPage /> },
  { path: '/home/clinic/search/:type', element: <SearchPage /> },
];

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A search that finds more than two pages of grafts, best first. */
const MANY = Array.from({ length: 120 }, (_, index) => aGraft({ e_Lot: `EL-${String(index).padStart(3, '0')}` }));
const SEARCHED = '/home/clinic/search/aortic_valve?d_min=18&d_max=26&l_min=10&l_l_min=0&l_r_min=0';

function fakeClinicApi() {
  return fakeApi({
    'GET /api/users/getmyuser': () => json(aPhysician()),
    ...fakeSettings(),
    'POST /api/physician/graftsearch': pagedJson([
      aGraft({ e_Lot: 'EL-7' }),
      aGraft({ e_Lot: 'EL-8', t_Dproximal: 23 }),
    ]),
    'GET /api/physician/graftsearch/EL-7': () => json(aGraft({ e_Lot: 'EL-7', e_EMail: 'current@bank.example' })),
  });
}

describe('graft search page', () => {
  it('goes to the search route of the chosen type and shows the filter', async () => {
    fakeClinicApi();
    const { router } = renderRoutes(routes, '/home/clinic/search');
    fireEvent.click(screen.getByTestId('type-aortic_valve'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/search/aortic_valve'));
    expect(screen.getByTestId('filter-panel')).toBeTruthy();
  });

  it('searches with the defaults of the type, lists the results and hides the filter; reset keeps only the type', async () => {
    const api = fakeClinicApi();
    const { router } = renderRoutes(routes, '/home/clinic/search/aortic_valve');
    fireEvent.click(screen.getByTestId('search-submit'));

    await waitFor(() => expect(screen.getAllByText('EL-7').length).toBeGreaterThan(0));
    expect(api.callsTo('POST', '/api/physician/graftsearch')[0]?.body).toEqual({
      query_type: 5,
      query_d_min: 5,
      query_d_max: 15,
      query_l_min: 10,
      query_l_l_min: 0,
      query_l_r_min: 0,
    });
    expect(screen.queryByTestId('filter-panel')).toBeNull();

    fireEvent.click(screen.getByTestId('filter-toggle'));
    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/home/clinic/search/aortic_valve');
    expect(screen.queryByText('EL-7')).toBeNull();
  });

  it('requests a graft by loading its details first, then opening the prefilled mail', async () => {
    const api = fakeClinicApi();
    const open = vi.spyOn(mailOpener, 'open').mockImplementation(() => undefined);
    renderRoutes(routes, '/home/clinic/search/aortic_valve?d_min=18&d_max=26&l_min=10&l_l_min=0&l_r_min=0');
    fireEvent.click(await screen.findByTestId('request-EL-7'));

    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET', '/api/physician/graftsearch/EL-7')).toHaveLength(1);
    const href = open.mock.calls[0]?.[0] ?? '';
    expect(
      href.startsWith(
        'mailto:current@bank.example?subject=Request%20for%20graft%20with%20LOT%20EL-7%20via%20GraftMatch',
      ),
    ).toBe(true);
  });

  it('shows 50 results a page with the count of all; the page is kept in the URL, and a new search starts on page 1', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'POST /api/physician/graftsearch': pagedJson(MANY),
    });
    const { router } = renderRoutes(routes, SEARCHED);
    expect((await screen.findAllByText('EL-000')).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('results-caption')[0]?.textContent).toBe('120 free grafts, the best fit first');
    expect(screen.queryAllByText('EL-050')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect((await screen.findAllByText('EL-050')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('EL-000')).toHaveLength(0);
    expect(screen.getAllByTestId('results-caption')[0]?.textContent).toBe('120 free grafts, the best fit first');
    const searches = api.callsTo('POST', '/api/physician/graftsearch');
    expect(searches.map((call) => call.query.toString())).toEqual(['limit=50&offset=0', 'limit=50&offset=50']);
    expect(searches[1]?.body).toEqual(searches[0]?.body);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    // Turning pages leaves the filter hidden.
    expect(screen.queryByTestId('filter-panel')).toBeNull();

    fireEvent.click(screen.getByTestId('filter-toggle'));
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
    expect((await screen.findAllByText('EL-000')).length).toBeGreaterThan(0);
  });

  it('puts the count above the results, flags a graft expiring within 30 days, and shows the compare bar once one is ticked', async () => {
    const today = utcDate(new Date());
    const expiringIn = (days: number) => ({ status: StepStatus.Open, outValue: shiftDate(today, days) });
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/requests/lots': () => json([]),
      'POST /api/physician/graftsearch': pagedJson([
        aGraft({ e_Lot: 'EL-SOON', expiry: expiringIn(19) }),
        aGraft({ e_Lot: 'EL-LATER', expiry: expiringIn(31) }),
      ]),
    });
    renderRoutes(routes, SEARCHED);
    await screen.findAllByText('EL-SOON');
    const card = (lot: string) => screen.getAllByTestId('graft-row').find((each) => each.dataset.lot === lot)!;
    expect(within(card('EL-SOON')).getByTestId('expiry-badge').textContent).toBe('≤ 30 days');
    const later = card('EL-LATER');
    expect(within(later).queryByTestId('expiry-badge')).toBeNull();

    expect(screen.getByTestId('graft-table').style.getPropertyValue('--table-caption-side')).toBe('top');

    // The tracked request is the filled, labelled button; the mail beside it (an icon in a table row) says it is not tracked.
    const inApp = within(later).getByTestId('request-in-app-EL-LATER');
    expect(inApp.textContent).toBe('Request in app');
    expect(inApp.getAttribute('data-variant')).toBe('filled');
    const mail = within(later).getByTestId('request-EL-LATER');
    expect(mail.getAttribute('data-variant')).toBe('subtle');
    expect(mail.getAttribute('aria-label')).toBe('Request by mail — not tracked in GraftMatch: graft EL-LATER');

    expect(screen.queryByTestId('compare-bar')).toBeNull();
    fireEvent.click(screen.getByTestId('compare-EL-LATER'));
    expect(screen.getByTestId('compare-bar').textContent).toContain('1 of 4 ticked');
    fireEvent.click(screen.getByTestId('compare-clear'));
    expect(screen.queryByTestId('compare-bar')).toBeNull();
  });

  it('starts a new search from the last one', async () => {
    fakeClinicApi();
    const first = renderRoutes(routes, SEARCHED);
    await screen.findAllByText('EL-7');
    first.unmount();
    renderRoutes(routes, '/home/clinic/search/aorta_ascendens');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Smallest proximal diameter' }).value).toBe('18 mm');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Largest proximal diameter' }).value).toBe('26 mm');
  });

  it('opens the results page the URL names, and the last one when the results have shrunk below it', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'POST /api/physician/graftsearch': pagedJson(MANY),
    });
    const { router } = renderRoutes(routes, `${SEARCHED}&page=9`);
    expect((await screen.findAllByText('EL-100')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/physician/graftsearch').map((call) => call.query.get('offset'))).toEqual([
      '400',
      '100',
    ]);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
    expect(screen.queryByTestId('search-empty')).toBeNull();
  });

  it('with a search in the address, draws no hint above the coming results: it follows them once they are there', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      ...fakeSettings(),
      'POST /api/physician/graftsearch': async (call) => {
        await answered;
        return pagedJson([aGraft({ e_Lot: 'EL-7' })])(call);
      },
    });
    renderRoutes(routes, SEARCHED);
    await waitFor(() => expect(api.callsTo('POST', '/api/physician/graftsearch')).toHaveLength(1));
    // Time for the account's settings to come, as the hint waits for them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Drawn now, the hint would be pushed down by the results: a layout shift on a phone.
    expect(screen.queryByTestId('hint-banner')).toBeNull();
    answer();
    const [lot] = await screen.findAllByText('EL-7');
    const hint = await screen.findByTestId('hint-banner');
    expect(lot!.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('remembers a dismissed hint with the account, so a fresh start (another device) does not show it', async () => {
    const api = fakeClinicApi();
    const first = renderRoutes(routes, '/home/clinic/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss hint' }));
    await waitFor(() => expect(screen.queryByTestId('hint-banner')).toBeNull());
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/users/settings')[0]?.body).toEqual({ dismissedHints: ['clinicHowItWorks'] });
    first.unmount();
    localStorage.clear();
    const second = renderRoutes(routes, '/home/clinic/search');
    await waitFor(() => expect(second.queryClient.getQueryState(['me', 'settings'])?.status).toBe('success'));
    expect(api.callsTo('GET', '/api/users/settings')).toHaveLength(2);
    expect(screen.queryByTestId('hint-banner')).toBeNull();
  });
});
