import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportResult } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem, type RecordedCall } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ImportLogPage } from './ImportLogPage';
import { ImportPage } from './ImportPage';

const token = fakeJwt(900);
const BANK = { id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', name: 'Gewebebank Nord' };
const employee = aPhysician({ clinics: [], eutes: [BANK], firstName: 'Petra', lastName: 'Nord' });
const routes = [
  { path: '/home/imports', element: <ImportPage /> },
  { path: '/home/imports/logs/:id', element: <ImportLogPage /> },
];

const CSV = 'e_Lot;t_ProdName_2;t_Dproximal\nEB1-1;5;22\nEB1-2;5;99\nEB1-3;2;18\n';
const BAD_ROW = { row: 3, lot: 'EB1-2', field: 't_Dproximal', message: 'must be between 5 and 50 mm' };

function aResult(overrides: Partial<ImportResult> = {}): ImportResult {
  return {
    id: '7c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d1e01',
    model: 'graft',
    date: '2026-11-20T09:30:00.000Z',
    importer: 'Petra Nord',
    log: '3 rows: 2 inserted, 1 failed',
    importType: 'csv',
    importSource: 'upload grafts.csv',
    euteId: BANK.id,
    dryRun: true,
    strict: false,
    summary: { rows: 3, inserted: 2, updated: 0, unchanged: 0, failed: 1 },
    errors: [BAD_ROW],
    notices: [],
    ...overrides,
  };
}

/** What the page sent as the upload: the query's switches and the file's name and text. */
async function sentUpload(call: RecordedCall) {
  const file = call.form?.get('file');
  expect(file).toBeInstanceOf(File);
  return {
    dryRun: call.query.get('dryRun'),
    strict: call.query.get('strict'),
    name: (file as File).name,
    text: await (file as File).text(),
  };
}

function pickFile(file: File) {
  const input = screen.getByTestId('import-file-input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const upload = (path = '/api/import/grafts') => ['POST', path] as const;

const notice = (code: 'bankNameFromRecord' | 'bankEmailFromRecord', rows: number, value: string) => ({
  code,
  field: code === 'bankNameFromRecord' ? 'e_Name' : 'e_EMail',
  rows,
  value,
  message: 'as the server words it',
});

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(token);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('import page: check first, then confirm', () => {
  it('checks the file without writing, shows the bad row, and imports only after the user confirms what changes', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'POST /api/import/grafts': (call) =>
        json(
          call.query.get('dryRun') === 'true'
            ? aResult()
            : aResult({ dryRun: false, id: '7c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d1e02' }),
        ),
    });
    const { router } = renderRoutes(routes, '/home/imports');
    await screen.findByRole('heading', { name: 'Import grafts' });
    // Nothing to check before a file is chosen; an employee of one bank is not asked for a bank.
    expect(screen.getByTestId('import-check')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('import-bank')).toBeNull();

    // First the employee picks the bank's CSV and checks it.
    pickFile(new File([CSV], 'grafts.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('import-file-name').textContent).toBe(`grafts.csv (${new Blob([CSV]).size} B)`);
    fireEvent.click(screen.getByTestId('import-check'));
    const checked = await screen.findByTestId('import-checked');

    // The check was a dry run of exactly that file, with the bearer header.
    const [check] = api.callsTo(...upload());
    expect(await sentUpload(check!)).toEqual({ dryRun: 'true', strict: 'false', name: 'grafts.csv', text: CSV });
    expect(check!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(check!.headers.get('content-type')).toBeNull();

    // The counts and the bad row with its row number, lot, field and reason.
    expect(within(checked).getByTestId('import-count-rows').textContent).toBe('3');
    expect(within(checked).getByTestId('import-count-inserted').textContent).toBe('2');
    expect(within(checked).getByTestId('import-count-failed').textContent).toBe('1');
    expect(within(checked).getByText('Would be added')).toBeTruthy();
    const rows = within(checked).getAllByTestId('import-error');
    expect(rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent))).toEqual([
      ['3', 'EB1-2', 't_Dproximal', 'must be between 5 and 50 mm'],
    ]);
    expect(within(checked).getByText('1 error')).toBeTruthy();

    // Confirming asks first, naming what will change and what is left out.
    fireEvent.click(screen.getByTestId('import-confirm'));
    const question = await screen.findByTestId('import-confirm-text');
    expect(question.textContent).toContain('2 new grafts will be added.');
    expect(question.textContent).toContain('0 grafts will be updated.');
    expect(question.textContent).toContain('1 row with errors will be left out.');
    expect(api.callsTo(...upload())).toHaveLength(1);

    fireEvent.click(screen.getByTestId('import-confirm-yes'));
    const done = await screen.findByTestId('import-done');
    const [, run] = api.callsTo(...upload());
    expect(await sentUpload(run!)).toEqual({ dryRun: 'false', strict: 'false', name: 'grafts.csv', text: CSV });
    expect(within(done).getByText('Added')).toBeTruthy();
    expect(within(done).getAllByTestId('import-error')).toHaveLength(1);
    expect(screen.queryByTestId('import-checked')).toBeNull();

    // The result links to its log.
    fireEvent.click(within(done).getByTestId('import-log-link'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/home/imports/logs/7c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d1e02'),
    );
  });

  it('cancelling the question writes nothing', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'POST /api/import/grafts': () => json(aResult()),
    });
    renderRoutes(routes, '/home/imports');
    await screen.findByTestId('import-dropzone');
    // A file dropped on the frame is taken like a chosen one.
    fireEvent.drop(screen.getByTestId('import-dropzone'), {
      dataTransfer: { files: [new File([CSV], 'dropped.csv', { type: 'text/csv' })] },
    });
    expect(screen.getByTestId('import-file-name').textContent).toContain('dropped.csv');
    fireEvent.click(screen.getByTestId('import-check'));
    fireEvent.click(await screen.findByTestId('import-confirm'));
    fireEvent.click(await screen.findByTestId('import-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('import-confirm-text')).toBeNull());
    expect(api.callsTo(...upload()).map((call) => call.query.get('dryRun'))).toEqual(['true']);
    expect(screen.queryByTestId('import-done')).toBeNull();
  });

  it('with “All or nothing”, a bad row leaves nothing to confirm', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'POST /api/import/grafts': () =>
        json(aResult({ strict: true, summary: { rows: 3, inserted: 0, updated: 0, unchanged: 0, failed: 1 } })),
    });
    renderRoutes(routes, '/home/imports');
    await screen.findByTestId('import-dropzone');
    pickFile(new File([CSV], 'grafts.csv'));
    fireEvent.click(screen.getByRole('checkbox', { name: /All or nothing/ }));
    fireEvent.click(screen.getByTestId('import-check'));
    expect((await screen.findByTestId('import-strict-refused')).textContent).toContain('refuses the whole file');
    expect(screen.queryByTestId('import-confirm')).toBeNull();
    expect(api.callsTo(...upload())[0]!.query.get('strict')).toBe('true');
  });

  it('a file the server cannot read shows its reason, and choosing another file clears it', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'POST /api/import/grafts': () => problem(400, 'The file is empty.'),
    });
    renderRoutes(routes, '/home/imports');
    await screen.findByTestId('import-dropzone');
    pickFile(new File([''], 'empty.csv'));
    fireEvent.click(screen.getByTestId('import-check'));
    expect((await screen.findByTestId('error-alert')).textContent).toContain('The file is empty.');
    pickFile(new File([CSV], 'grafts.csv'));
    expect(screen.queryByTestId('error-alert')).toBeNull();
  });

  it('says, in the check, which rows get the bank’s name and contact from its record', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'POST /api/import/grafts': () =>
        json(
          aResult({
            notices: [
              notice('bankNameFromRecord', 2, BANK.name),
              notice('bankEmailFromRecord', 1, 'requests@gewebebank-nord.example'),
            ],
          }),
        ),
    });
    renderRoutes(routes, '/home/imports');
    await screen.findByTestId('import-dropzone');
    pickFile(new File([CSV], 'grafts.csv'));
    fireEvent.click(screen.getByTestId('import-check'));
    const checked = await screen.findByTestId('import-checked');
    expect(within(checked).getByText("Taken from your bank's record")).toBeTruthy();
    expect(
      within(checked)
        .getAllByTestId('import-notice')
        .map((item) => item.textContent),
    ).toEqual([
      "2 rows have no tissue bank name (e_Name): the bank's name “Gewebebank Nord” is used.",
      "1 row has no contact address (e_EMail): the bank's address requests@gewebebank-nord.example is used.",
    ]);
  });

  it('asks an admin for the bank, and sends the one chosen', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], admin: true })),
      'GET /api/admin/eutes': () => json([{ ...BANK, euteNumber: 'DE-EB-01', active: true }]),
      'POST /api/import/grafts': () => json(aResult()),
    });
    renderRoutes(routes, '/home/imports');
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/eutes')).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('import-bank'));
    fireEvent.click(await screen.findByRole('option', { name: 'Gewebebank Nord (DE-EB-01)', hidden: true }));
    pickFile(new File([CSV], 'grafts.csv'));
    fireEvent.click(screen.getByTestId('import-check'));
    await screen.findByTestId('import-checked');
    expect(api.callsTo(...upload())[0]!.query.get('bank')).toBe(BANK.id);
  });
});

describe('an import log', () => {
  it('shows the spec’s fields, the counts, what came from the bank’s record and every refused row', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/import/logs/7c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d1e02': () =>
        json(aResult({ dryRun: false, notices: [notice('bankNameFromRecord', 2, BANK.name)] })),
    });
    renderRoutes(routes, '/home/imports/logs/7c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d1e02');
    const log = await screen.findByTestId('import-log');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Import of 2026-11-20 09:30 UTC');
    for (const text of ['Gewebebank Nord', 'Petra Nord', 'graft', 'csv', 'upload grafts.csv']) {
      expect(within(log).getByText(text)).toBeTruthy();
    }
    expect(within(log).getByTestId('import-log-text').textContent).toBe('3 rows: 2 inserted, 1 failed');
    expect(within(log).getAllByTestId('import-error')[0]!.textContent).toContain('must be between 5 and 50 mm');
    expect(within(log).getByTestId('import-notice').getAttribute('data-code')).toBe('bankNameFromRecord');
  });
});
