import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification, NotificationPage } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { NotificationBell } from './NotificationBell';
import { fakeApi, fakeJwt, json, type RecordedCall } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { NotificationsPage } from './NotificationsPage';

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const reserved: Notification = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'request',
  link: '/home/clinic/requests',
  payload: { id: 'r1', lot: 'EL-7', state: 'reserved', deadline: '2026-11-28T13:22:16.000Z', bank: 'Bank North' },
  createdAt: '2026-11-27T10:00:00.000Z',
  readAt: null,
};
const match: Notification = {
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'match',
  link: '/home/clinic/graft/EL-9',
  payload: { lot: 'EL-9', waitinglistids: ['w1'], patientCodes: ['A-03-2021'] },
  createdAt: '2026-11-27T09:00:00.000Z',
  readAt: '2026-11-27T09:30:00.000Z',
};

/** A fake centre: the list filtered as asked, and marks that change it. */
function centre(items: Notification[]) {
  const unread = () => items.filter((item) => item.readAt === null).length;
  return fakeApi({
    'GET /api/notifications': ({ query }: RecordedCall) => {
      const shown = query.get('unread') === 'true' ? items.filter((item) => item.readAt === null) : items;
      const page: NotificationPage = { items: shown, total: shown.length, unread: unread(), limit: 20, offset: 0 };
      return json(page);
    },
    'POST /api/notifications/read': ({ body }: RecordedCall) => {
      const { ids, all } = body as { ids?: string[]; all?: true };
      let marked = 0;
      items = items.map((item) => {
        if (item.readAt === null && (all || ids?.includes(item.id))) {
          marked += 1;
          return { ...item, readAt: '2026-11-27T11:00:00.000Z' };
        }
        return item;
      });
      return json({ marked, unread: unread() });
    },
  });
}

const routes = [
  {
    path: '/home/notifications',
    element: (
      <>
        <NotificationBell />
        <NotificationsPage />
      </>
    ),
  },
  { path: '*', element: <p>elsewhere</p> },
];

describe('the notification centre', () => {
  it('lists newest first in words, each linking to its object; the bell counts the unread', async () => {
    centre([reserved, match]);
    renderRoutes(routes, '/home/notifications');
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.dataset.kind)).toEqual(['request', 'match']);
    expect(items[0]?.textContent).toContain('Bank North reserved graft EL-7 for you until 2026-11-28 13:22 UTC');
    expect(items[1]?.textContent).toContain('Graft EL-9 fits your waiting-list entry A-03-2021');
    expect(
      within(items[1] as HTMLElement)
        .getByTestId('notification-open')
        .getAttribute('href'),
    ).toBe('/home/clinic/graft/EL-9');
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread'),
    );
  });

  it('marks one read, then all; the count and the unread list follow', async () => {
    const api = centre([reserved, { ...match, readAt: null }]);
    renderRoutes(routes, '/home/notifications');
    const [first] = await screen.findAllByTestId('notification');
    fireEvent.click(within(first as HTMLElement).getByTestId('notification-read'));
    await waitFor(() => expect(screen.getByTestId('notifications-unread').dataset.count).toBe('1'));
    expect(api.callsTo('POST', '/api/notifications/read').map((call) => call.body)).toEqual([{ ids: [reserved.id] }]);

    fireEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() => expect(screen.getByTestId('notifications-unread').dataset.count).toBe('0'));
    expect(api.callsTo('POST', '/api/notifications/read').at(-1)?.body).toEqual({ all: true });
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications'),
    );
  });

  it('says what would appear when there is nothing, and when nothing is unread', async () => {
    centre([match]);
    renderRoutes(routes, '/home/notifications');
    await screen.findAllByTestId('notification');
    fireEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    expect((await screen.findByTestId('notifications-empty')).textContent).toContain('Nothing unread');
    centre([]);
    renderRoutes(routes, '/home/notifications');
    await waitFor(() =>
      expect(screen.getAllByTestId('notifications-empty').at(-1)?.textContent).toContain('No notifications'),
    );
  });
});
