import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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
  before: { state: 'reserved' },
  after: { state: 'lapsed' },
};
const page = (items: AuditLogEntry[]): AuditPage => ({ items, total: items.length, limit: 50, offset: 0 });

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
  fakeApi({
    'GET /api/users/getmyuser': () => json(aPhysician({ clinics: [], admin: true } as Partial<User>)),
    'GET /api/admin/auditlog': () => json(page([ENTRY])),
    'GET /api/admin/users': () => json([]),
    'GET /api/admin/clinics': () => json([]),
    'GET /api/admin/eutes': () => json([]),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the audit log', () => {
  it('names each action and target in words, in the reader’s language', async () => {
    renderRoutes(routes, '/home/admin/auditlog');
    const row = await screen.findByTestId('audit-row');
    expect(row.textContent).toContain('Reservation lapsed');
    expect(row.textContent).toContain('Graft request: r1');

    await changeLanguage('de');
    await waitFor(() => expect(screen.getByTestId('audit-row').textContent).toContain('Reservierung abgelaufen'));
    expect(screen.getByTestId('audit-row').textContent).toContain('Anfrage eines Grafts: r1');
  });
});
