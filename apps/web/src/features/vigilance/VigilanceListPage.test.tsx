import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { VigilanceListPage } from './VigilanceListPage';

const routes = [{ path: '/home/vigilance', element: <VigilanceListPage /> }];

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('the vigilance list', () => {
  it("`?show=open` (the bank home's counter) asks for the open reports, says so, and links to all", async () => {
    const api = fakeApi({ 'GET /api/vigilance/reports': () => json({ items: [], total: 0 }) });
    renderRoutes(routes, '/home/vigilance?show=open');
    const note = await screen.findByTestId('vigilance-filter');
    expect(note.textContent).toContain('Only the open reports of your tissue banks');
    await waitFor(() => expect(api.callsTo('GET', '/api/vigilance/reports')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/vigilance/reports')[0]?.query.get('show')).toBe('open');

    fireEvent.click(screen.getByRole('link', { name: 'Show all reports' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/vigilance/reports')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/vigilance/reports')[1]?.query.get('show')).toBeNull();
    expect(screen.queryByTestId('vigilance-filter')).toBeNull();
  });
});
