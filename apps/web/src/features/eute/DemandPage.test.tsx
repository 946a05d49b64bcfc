import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, fakeSettings, json, pagedJson, problem, type RecordedCall } from '../../test/fakeApi';
import { aWaitingListEntry } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { DemandPage } from './DemandPage';

const routes = [{ path: '/home/eute/waitinglist', element: <DemandPage /> }];
const token = fakeJwt(900);

const DEMAND = [
  aWaitingListEntry(),
  aWaitingListEntry({
    waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d02',
    query_Type: 2,
    patient_Code: 'B-11-2019',
    c_Name: 'Kinderherzzentrum Süd',
    matchingGrafts: 0,
  }),
  aWaitingListEntry({
    waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d03',
    query_Type: 6,
    patient_Code: 'C-07-2015',
    c_Name: 'Herz & Gefäß – Nord',
  }),
];

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%fake\n');

interface Saved {
  href: string;
  download: string;
}

/** Records what the page hands to the browser as a download instead of navigating. */
function catchDownloads() {
  const saved: Saved[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost/${(next += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return { saved, blobOf: (url: string) => blobs.get(url) };
}

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(token);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('demand page: PDF download', () => {
  it('fetches the PDF with the bearer header and saves it under the file name the server gives', async () => {
    const api = fakeApi({
      'GET /api/euteemployee/waitinglist': () => json(DEMAND),
      'GET /api/euteemployee/waitinglist/download': () =>
        new Response(pdfBytes, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="WaitingList_20261121T093015Z.pdf"',
          },
        }),
    });
    const { saved, blobOf } = catchDownloads();
    renderRoutes(routes, '/home/eute/waitinglist');
    await screen.findAllByText('A-03-2021');

    fireEvent.click(screen.getByTestId('demand-download'));
    await waitFor(() => expect(saved).toHaveLength(1));

    expect(saved[0]!.download).toBe('WaitingList_20261121T093015Z.pdf');
    const blob = blobOf(saved[0]!.href);
    expect(new TextDecoder().decode(await blob!.arrayBuffer()).startsWith('%PDF')).toBe(true);
    const [call] = api.callsTo('GET', '/api/euteemployee/waitinglist/download');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(call?.headers.get('accept')).toContain('application/pdf');
    // The token travels in the header only, never in an address.
    expect(api.calls.every((c) => !c.path.includes(token))).toBe(true);
    expect(saved[0]!.href).not.toContain(token);
  });

  it('names the file WaitingList_<UTC time>.pdf when the answer names none', async () => {
    fakeApi({
      'GET /api/euteemployee/waitinglist': () => json(DEMAND),
      'GET /api/euteemployee/waitinglist/download': () =>
        new Response(pdfBytes, { headers: { 'content-type': 'application/pdf' } }),
    });
    const { saved } = catchDownloads();
    renderRoutes(routes, '/home/eute/waitinglist');
    fireEvent.click(screen.getByTestId('demand-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toMatch(/^WaitingList_\d{8}T\d{6}Z\.pdf$/);
  });

  it('saves nothing when the server refuses the download', async () => {
    fakeApi({
      'GET /api/euteemployee/waitinglist': () => json(DEMAND),
      'GET /api/euteemployee/waitinglist/download': () =>
        problem(403, 'Only tissue-bank employees may download the demand.'),
    });
    const { saved } = catchDownloads();
    const { queryClient } = renderRoutes(routes, '/home/eute/waitinglist');
    fireEvent.click(screen.getByTestId('demand-download'));
    // The download has settled as refused: a save would have happened before this.
    const downloads = () => queryClient.getMutationCache().getAll();
    await waitFor(() => expect(downloads().map((download) => download.state.status)).toEqual(['error']));
    expect(saved).toEqual([]);
  });
});

/** What the page asked of the demand route, as its queries (`limit=50&offset=0`). */
function demandReads(calls: RecordedCall[]) {
  return calls.filter((call) => call.path === '/api/euteemployee/waitinglist').map((call) => call.query.toString());
}

function shownPatients() {
  return screen.queryAllByTestId('demand-patient').map((node) => node.textContent);
}

function openSearch() {
  fireEvent.click(screen.getByTestId('demand-search-toggle'));
  return screen.getByRole('searchbox', { name: /Search the demand/ });
}

describe('demand page: list and search', () => {
  it('lists every entry in the order the server sends, with clinic, physician contact and fitting grafts', async () => {
    fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson(DEMAND) });
    renderRoutes(routes, '/home/eute/waitinglist');
    await screen.findAllByText('A-03-2021');
    expect(shownPatients()).toEqual(['A-03-2021', 'B-11-2019', 'C-07-2015']);
    const first = screen.getAllByTestId('demand-entry')[0]!;
    expect(within(first).getByText('Aortic valve')).toBeTruthy();
    expect(within(first).getByText('18–24 mm')).toBeTruthy();
    expect(within(first).getByText('Herz & Gefäß – Nord')).toBeTruthy();
    const mail = within(first)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href') === 'mailto:dr.berg@clinic.example');
    expect(mail?.textContent).toBe('dr.berg@clinic.example');
    expect(within(first).getByText('+49 40 555 0311').getAttribute('href')).toBe('tel:+49405550311');
    expect(within(first).getByTestId('demand-matches').textContent).toBe('2');
    // A bifurcated type also names its branch lengths.
    expect(
      within(screen.getAllByTestId('demand-entry')[1]!).getByText('≥ 20 mm (left ≥ 0 mm, right ≥ 0 mm)'),
    ).toBeTruthy();
    expect(screen.getByTestId('demand-caption').textContent).toBe('3 open waiting-list entries');
    // It fits one page, so no page picker.
    expect(screen.queryByTestId('demand-pages')).toBeNull();
  });

  it('the search opens, filters by type, clinic or patient code, and closing it shows all again', async () => {
    fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson(DEMAND) });
    renderRoutes(routes, '/home/eute/waitinglist');
    await screen.findAllByText('A-03-2021');
    expect(screen.queryByTestId('demand-search')).toBeNull();

    const toggle = screen.getByTestId('demand-search-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const box = openSearch();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.change(box, { target: { value: 'pulmonary' } });
    await waitFor(() => expect(shownPatients()).toEqual(['B-11-2019']));
    fireEvent.change(box, { target: { value: 'herz gefass nord' } });
    expect(shownPatients()).toEqual(['A-03-2021', 'C-07-2015']);
    expect(screen.getByTestId('demand-caption').textContent).toBe('2 of 3 open entries');
    fireEvent.change(box, { target: { value: 'c-07' } });
    expect(shownPatients()).toEqual(['C-07-2015']);
    fireEvent.change(box, { target: { value: 'no such thing' } });
    expect(shownPatients()).toEqual([]);
    expect(screen.getByTestId('demand-no-match').textContent).toContain('No entry matches “no such thing”');

    // Escape closes the search, drops its text and gives the focus back to the toggle.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('demand-search')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    await waitFor(() => expect(shownPatients()).toEqual(['A-03-2021', 'B-11-2019', 'C-07-2015']));
    fireEvent.click(toggle);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('says so when no clinic is waiting', async () => {
    fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson([]) });
    renderRoutes(routes, '/home/eute/waitinglist');
    await screen.findByTestId('demand-empty');
    expect(screen.getByTestId('demand-empty').textContent).toContain('No clinic is waiting for a graft right now');
    expect(screen.queryByTestId('demand-no-match')).toBeNull();
  });

  it('the hint stays away once dismissed', async () => {
    fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson(DEMAND), ...fakeSettings() });
    const first = renderRoutes(routes, '/home/eute/waitinglist');
    fireEvent.click(within(await screen.findByTestId('eute-hint')).getByRole('button', { name: 'Dismiss hint' }));
    await waitFor(() => expect(screen.queryByTestId('eute-hint')).toBeNull());
    first.unmount();
    renderRoutes(routes, '/home/eute/waitinglist');
    await screen.findAllByText('A-03-2021');
    expect(screen.queryByTestId('eute-hint')).toBeNull();
  });
});

describe('demand page: a long demand, a page at a time', () => {
  // 120 open entries, patients P-01-1900 to P-01-2019; every third seeks a pulmonary valve, the rest an aortic one.
  const LONG = Array.from({ length: 120 }, (_, index) =>
    aWaitingListEntry({
      waitinglistid: `3f2b8c1e-4d5a-4b6c-8d7e-${String(index).padStart(12, '0')}`,
      query_Type: index % 3 === 0 ? 2 : 5,
      patient_Code: `P-01-${1900 + index}`,
    }),
  );
  const patient = (index: number) => `P-01-${1900 + index}`;
  const aortic = LONG.filter((_, index) => index % 3 !== 0).map((entry) => entry.patient_Code);

  it('first asks for one page of 50 only, gives the count of all, and fetches page 2 when it is picked', async () => {
    const api = fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson(LONG) });
    renderRoutes(routes, '/home/eute/waitinglist');
    // The first rows come at once, the rest of the page right after them.
    await waitFor(() => expect(shownPatients()).toEqual(LONG.slice(0, 50).map((entry) => entry.patient_Code)));
    expect(screen.getByTestId('demand-caption').textContent).toBe('120 open waiting-list entries');
    expect(demandReads(api.calls)).toEqual(['limit=50&offset=0']);

    fireEvent.click(within(screen.getByTestId('demand-pages')).getByRole('button', { name: '2' }));
    await waitFor(() => expect(shownPatients()[0]).toBe(patient(50)));
    expect(shownPatients()).toHaveLength(50);
    expect(screen.getByTestId('demand-caption').textContent).toBe('120 open waiting-list entries');
    expect(demandReads(api.calls)).toEqual(['limit=50&offset=0', 'limit=50&offset=50']);
  });

  it('a search reads the whole demand and pages its matches; new text starts at page 1, clearing it returns to the server’s page', async () => {
    const api = fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson(LONG) });
    renderRoutes(routes, '/home/eute/waitinglist');
    await screen.findAllByText(patient(0));
    const box = openSearch();

    // 80 aortic valves match: 50 on the first page, 30 on the second, counted against all 120.
    fireEvent.change(box, { target: { value: 'aortic' } });
    await waitFor(() => expect(shownPatients()).toEqual(aortic.slice(0, 50)));
    expect(screen.getByTestId('demand-caption').textContent).toBe('80 of 120 open entries');
    expect(demandReads(api.calls)).toEqual(['limit=50&offset=0', 'limit=500&offset=0']);
    fireEvent.click(within(screen.getByTestId('demand-pages')).getByRole('button', { name: '2' }));
    expect(shownPatients()).toEqual(aortic.slice(50));

    // Other text, the same matches: back on page 1, and the demand is not read again.
    fireEvent.change(box, { target: { value: 'aortic valve' } });
    expect(shownPatients()).toEqual(aortic.slice(0, 50));
    expect(demandReads(api.calls).filter((query) => query.startsWith('limit=500'))).toHaveLength(1);

    fireEvent.click(screen.getByTestId('demand-search-clear'));
    await waitFor(() => expect(shownPatients()).toEqual(LONG.slice(0, 50).map((entry) => entry.patient_Code)));
    expect(screen.getByTestId('demand-caption').textContent).toBe('120 open waiting-list entries');
    expect(demandReads(api.calls).filter((query) => query.startsWith('limit=500'))).toHaveLength(1);
    expect(demandReads(api.calls).at(-1)).toBe('limit=50&offset=0');
  });
});
