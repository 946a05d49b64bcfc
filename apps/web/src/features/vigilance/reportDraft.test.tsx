import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { ReportReactionButton, reportDraftSearch } from './ReportReactionButton';

// Another screen may start a report on a graft (a follow-up's explant for endocarditis): the graft's
// page opens with the report's form filled in, from `?report=&description=` (reportDraftSearch).

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('a report started from elsewhere', () => {
  it('opens the form with its kind and description, sends them, and leaves the address clean when closed', async () => {
    const api = fakeApi({ 'POST /api/vigilance/reports': () => json({ id: 'r-1' }, 201) });
    const search = reportDraftSearch({ kind: 'SAR', description: 'Explanted on 2026-12-01 for endocarditis.' });
    const { router } = renderRoutes(
      [
        { path: '/graft', element: <ReportReactionButton lot="EL-1" kinds={['SAR']} /> },
        { path: '/home/vigilance/:id', element: <p data-testid="report-page" /> },
      ],
      `/graft?${search}`,
    );
    const description = await screen.findByTestId('vigilance-description');
    expect((description as HTMLTextAreaElement).value).toBe('Explanted on 2026-12-01 for endocarditis.');
    fireEvent.click(screen.getByTestId('vigilance-create'));
    await screen.findByTestId('report-page');
    expect(api.callsTo('POST', '/api/vigilance/reports')[0]?.body).toEqual({
      kind: 'SAR',
      lot: 'EL-1',
      description: 'Explanted on 2026-12-01 for endocarditis.',
    });
    expect(router.state.location.pathname).toBe('/home/vigilance/r-1');
  });

  it('opens nothing for a kind the page does not offer, and the form stays closed without the query', async () => {
    renderRoutes(
      [{ path: '/graft', element: <ReportReactionButton lot="EL-1" kinds={['SAR']} /> }],
      `/graft?${reportDraftSearch({ kind: 'SAE', description: 'x' })}`,
    );
    await screen.findByTestId('report-reaction');
    await waitFor(() => expect(screen.queryByTestId('vigilance-description')).toBeNull());
  });
});
