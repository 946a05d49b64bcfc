import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportLogListItem } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { IMPORT_LOG_PAGE_SIZE } from '@graftmatch/domain';
import { ImportLogsPage } from './ImportLogsPage';

const BANK = { id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', name: 'Gewebebank Nord' };
const employee = aPhysician({ clinics: [], eutes: [BANK] });

function aLog(n: number): ImportLogListItem {
  return {
    id: `7c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d${String(n).padStart(4, '0')}`,
    model: 'graft',
    date: `2026-11-${String(20 - (n % 20)).padStart(2, '0')}T09:30:00.000Z`,
    importer: n === 1 ? 'cli' : 'Petra Nord',
    log: '',
    importType: 'csv',
    importSource: `upload grafts-${n}.csv`,
    euteId: BANK.id,
    dryRun: false,
    strict: false,
    summary: { rows: 10, inserted: 8, updated: 1, unchanged: 0, failed: 1 },
  };
}

const ALL = Array.from({ length: 30 }, (_, index) => aLog(index + 1));

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('import logs', () => {
  it('lists the newest first a page at a time, counting all by X-Total-Count', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/import/logs': (call) => {
        const offset = Number(call.query.get('offset'));
        const limit = Number(call.query.get('limit'));
        return new Response(JSON.stringify(ALL.slice(offset, offset + limit)), {
          headers: { 'content-type': 'application/json', 'x-total-count': String(ALL.length) },
        });
      },
    });
    renderRoutes([{ path: '/home/imports/logs', element: <ImportLogsPage /> }], '/home/imports/logs');
    const table = await screen.findByTestId('import-logs');
    expect(within(table).getAllByTestId('import-log-row')).toHaveLength(IMPORT_LOG_PAGE_SIZE);
    expect(within(table).getByText('1–25 of 30 imports, newest first')).toBeTruthy();
    const first = within(table).getAllByTestId('import-log-row')[0]!;
    expect(first.textContent).toContain('Gewebebank Nord');
    expect(first.textContent).toContain('10 rows: 8 added, 1 updated, 0 unchanged, 1 failed');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).getAllByTestId('import-log-row')).toHaveLength(5));
    expect(api.callsTo('GET', '/api/import/logs').map((call) => call.query.toString())).toEqual([
      'limit=25&offset=0',
      'limit=25&offset=25',
    ]);
  });

  it('says so when there is none yet, and offers the import to those who may', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(employee),
      'GET /api/import/logs': () => json([]),
    });
    renderRoutes([{ path: '/home/imports/logs', element: <ImportLogsPage /> }], '/home/imports/logs');
    const empty = await screen.findByTestId('import-logs-empty');
    expect(within(empty).getByRole('link', { name: 'Import grafts' }).getAttribute('href')).toBe('/home/imports');
  });
});
