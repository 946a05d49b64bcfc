import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MailListPage, OutboxMail, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { MailsPage } from './MailsPage';

const routes = [{ path: '/home/admin/mails', element: <MailsPage /> }];
const FAILED: OutboxMail = {
  id: '66666666-6666-4666-8666-666666666666',
  kind: 'recovery',
  state: 'failed',
  recipient: 'bounce@clinic.example',
  subject: 'Set your GraftMatch password',
  attempts: 1,
  reason: '550 No such mailbox',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:01.000Z',
  nextAttemptAt: null,
};
const page = (items: OutboxMail[]): MailListPage => ({ items, total: items.length, limit: 50, offset: 0 });
const user = (flags: Partial<User>) => aPhysician({ clinics: [], ...flags });

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('the admins’ mail list', () => {
  it('shows a failed mail with its reason; an admin sends it again', async () => {
    let mails = [FAILED];
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(user({ admin: true })),
      'GET /api/admin/mails': () => json(page(mails)),
      [`POST /api/admin/mails/${FAILED.id}/retry`]: () => {
        mails = [{ ...FAILED, state: 'queued', reason: null }];
        return json(mails[0]);
      },
    });
    renderRoutes(routes, '/home/admin/mails');
    expect(await screen.findByText('550 No such mailbox')).toBeTruthy();
    expect(screen.getByText('bounce@clinic.example')).toBeTruthy();
    // The kind in words, not the server's name for it.
    expect(screen.getByText('Password recovery')).toBeTruthy();
    expect(screen.queryByText('recovery')).toBeNull();

    fireEvent.click(screen.getByTestId('mails-state').querySelector('input[value="failed"]')!);
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/mails').at(-1)?.query.get('state')).toBe('failed'));

    fireEvent.click(await screen.findByTestId('mail-retry'));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/mails/${FAILED.id}/retry`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('mail-retry')).toBeNull());
  });

  it('offers auditors no retry button', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(user({ audit: true })),
      'GET /api/admin/mails': () => json(page([FAILED])),
    });
    renderRoutes(routes, '/home/admin/mails');
    expect(await screen.findByText('550 No such mailbox')).toBeTruthy();
    expect(screen.queryByTestId('mail-retry')).toBeNull();
  });
});
