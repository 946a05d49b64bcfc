import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListStatus, StepStatus } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, pagedJson } from '../../test/fakeApi';
import { aGraft, aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { DonationDetailsPage } from './DonationDetailsPage';
import { DonationsPage } from './DonationsPage';

const routes = [
  { path: '/home/eute/archive', element: <DonationsPage /> },
  { path: '/home/eute/donation/:lot', element: <DonationDetailsPage /> },
];

const assigned = aGraft({
  e_Lot: 'EB1/2025-0042',
  listStatus: ListStatus.Current,
  c_Name: 'Herz & Gefäß – Nord',
  patient_Initial: 'A',
  patient_Month: 3,
  patient_Year: 2021,
  release: { status: StepStatus.Done, outValue: '2026-01-02' },
  assignment: { status: StepStatus.Done, outValue: '2026-02-03' },
});

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('donations of the tissue bank', () => {
  it('lists archived donations with clinic, patient and process state, and opens a donation from the bank’s own call', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () =>
        json(aPhysician({ clinics: [], eutes: [{ id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d99', name: 'Nord' }] })),
      'GET /api/euteemployee/donationsarchiv': () => json([assigned]),
      'GET /api/euteemployee/currentdonations/EB1%2F2025-0042': () => json(assigned),
    });
    const { router } = renderRoutes(routes, '/home/eute/archive');
    const link = (await screen.findAllByTestId('details-EB1/2025-0042'))[0]!;
    expect(screen.getAllByText('Herz & Gefäß – Nord').length).toBeGreaterThan(0);
    expect(screen.getAllByText('A-03-2021').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Assignment: Done').length).toBeGreaterThan(0);

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/eute/donation/EB1%2F2025-0042'));
    await screen.findByTestId('graft-details');
    expect(screen.getByTestId('graft-status').textContent).toBe('Current');
    expect(screen.getByTestId('graft-patient-code').textContent).toBe('A-03-2021');
    expect(screen.getByTestId('process-timeline')).toBeTruthy();
    // Assigned grafts cannot be requested, and the physician's call is never used.
    expect(screen.queryByTestId('request-link')).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/api/physician'))).toBe(false);
  });

  it('keeps the order in the URL: the Diameter header sorts ascending, then descending, then back to the latest change', async () => {
    const api = fakeApi({ 'GET /api/euteemployee/donationsarchiv': pagedJson([assigned]) });
    const { router } = renderRoutes(routes, '/home/eute/archive');
    await screen.findAllByTestId('details-EB1/2025-0042');
    const header = () => screen.getByTestId('sort-size').closest('th');
    expect(header()?.getAttribute('aria-sort')).toBe('none');
    const lastSort = () => api.callsTo('GET', '/api/euteemployee/donationsarchiv').at(-1)?.query.get('sort');

    fireEvent.click(screen.getByTestId('sort-size'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=size'));
    await waitFor(() => expect(lastSort()).toBe('size'));
    expect(header()?.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByTestId('sort-size'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-size'));
    await waitFor(() => expect(lastSort()).toBe('-size'));
    expect(header()?.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTestId('sort-size'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastSort()).toBeNull());
  });

  it('says so when the archive is empty', async () => {
    fakeApi({ 'GET /api/euteemployee/donationsarchiv': () => json([]) });
    renderRoutes(routes, '/home/eute/archive');
    expect((await screen.findByTestId('eute-archive-empty')).textContent).toBe('The archive is empty');
  });

  it('shows a long archive 50 grafts a page, with the count of all, and fetches the page asked for', async () => {
    const archive = Array.from({ length: 120 }, (_, index) =>
      aGraft({ e_Lot: `EB1/2020-${String(index).padStart(4, '0')}`, listStatus: ListStatus.Archive }),
    );
    const api = fakeApi({ 'GET /api/euteemployee/donationsarchiv': pagedJson(archive) });
    renderRoutes(routes, '/home/eute/archive');
    expect((await screen.findAllByTestId('details-EB1/2020-0000')).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('results-caption')[0]?.textContent).toBe('120 grafts');
    expect(screen.queryAllByTestId('details-EB1/2020-0050')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect((await screen.findAllByTestId('details-EB1/2020-0100')).length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('details-EB1/2020-0000')).toHaveLength(0);
    expect(api.calls.map((call) => call.query.get('offset'))).toEqual(['0', '100']);
  });
});
