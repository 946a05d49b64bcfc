import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditLogEntry, AuditLogPage as AuditPage, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { changeLanguage } from '../../i18n';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { AuditLogPage } from './AuditLogPage';

const routes = [{ path: '/home/admin/auditlog', element: <AuditLogPage /> }];
const ENTRY: AuditLogEntry = {
  id: '77777777-7777-4777-8777-777777777777',
  at: '2026-11-26T10:00:00.000Z',
  actorId: null,
  action: 'request.lapse',
  targetType: 'graftRequest',
  targetId: 'r1',
  before: { state: 'reserved', deadline: '2026-11-26T09:00:00.000Z' },
  after: { state: 'lapsed', deadline: '2026-11-26T09:00:00.000Z' },
  actorName: null,
  targetLabel: 'EB1-2026-0901',
  targetLot: 'EB1-2026-0901',
};
const IMPORT: AuditLogEntry = {
  ...ENTRY,
  id: '88888888-8888-4888-8888-888888888888',
  actorId: '99999999-9999-4999-8999-999999999999',
  actorName: 'Nora North',
  action: 'graft.import.insert',
  targetType: 'graft',
  targetId: 'g1',
  before: null,
  after: { e_Lot: 'EB1-2026-0902' },
  targetLabel: 'EB1-2026-0902',
  targetLot: 'EB1-2026-0902',
};
const page = (items: AuditLogEntry[]): AuditPage => ({ items, total: items.length, limit: 50, offset: 0 });

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
  api = fakeApi({
    'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], admin: true } as Partial<User>)),
    'GET /api/admin/auditlog': () => json(page([ENTRY, IMPORT])),
    'GET /api/admin/users': () => json([]),
    'GET /api/admin/auditlog/export': () =>
      new Response('\uFEFFTime (UTC)\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="audit-log_2026-11-26.csv"',
        },
      }),
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('the audit log', () => {
  it('says each action in words with its LOT linked, and the actor by name, in the reader’s language', async () => {
    renderRoutes(routes, '/home/admin/auditlog');
    const [lapse, imported] = await screen.findAllByTestId('audit-row');
    expect(lapse!.textContent).toContain('Reservation lapsed EB1-2026-0901');
    expect(within(lapse!).getByRole('link', { name: 'EB1-2026-0901' }).getAttribute('href')).toBe(
      '/home/grafts/EB1-2026-0901/history',
    );
    expect(within(imported!).getByRole('link', { name: 'Nora North' }).getAttribute('href')).toBe(
      `/home/admin/users?selected=${IMPORT.actorId}`,
    );

    await changeLanguage('de');
    await waitFor(() =>
      expect(screen.getAllByTestId('audit-row')[0]!.textContent).toContain('Reservierung abgelaufen'),
    );
    expect(screen.getAllByTestId('audit-row')[1]!.textContent).toContain(
      'Graft durch Import hinzugefügt EB1-2026-0902',
    );
  });

  it('shows only the changed fields, before and after', async () => {
    renderRoutes(routes, '/home/admin/auditlog');
    fireEvent.click((await screen.findAllByTestId('audit-details'))[0]!);
    const changes = await screen.findAllByTestId('audit-change');
    expect(changes.map((row) => row.textContent)).toEqual(['statereservedlapsed']);
  });

  it('hides sign-ins at once, and exports the rows the filter shows', async () => {
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderRoutes(routes, '/home/admin/auditlog');
    fireEvent.click(await screen.findByRole('switch', { name: 'Hide sign-ins' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/admin/auditlog').at(-1)?.query.get('hideSignIns')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(names).toEqual(['audit-log_2026-11-26.csv']));
    const [exported] = api.callsTo('GET', '/api/admin/auditlog/export');
    expect(exported?.query.get('hideSignIns')).toBe('true');
    expect(exported?.headers.get('accept-language')).toBe('en');
  });
});
