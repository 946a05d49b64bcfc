import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RequestStepAction } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { changeLanguage } from '../../i18n';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { aGraftRequest } from '../../test/fixtures';
import { renderRoutes, renderUi } from '../../test/render';
import { MyRequestsPage } from './MyRequestsPage';
import { RequestCard } from './RequestCard';

// A request card names the graft it is about (type, size, a link to its page), and each step's
// dialog says what the step will cause before anything is sent, in the reader's language.

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('a request card', () => {
  it('shows the graft’s type and size, and links its LOT to the physician’s graft page', async () => {
    fakeApi({ 'GET /api/physician/requests': () => json([aGraftRequest({ lot: 'DE/EL 7' })]) });
    renderRoutes(
      [
        { path: '/home/clinic/requests', element: <MyRequestsPage /> },
        { path: '/home/clinic/graft/:lot', element: <p data-testid="graft-page">graft page</p> },
      ],
      '/home/clinic/requests',
    );
    const card = await screen.findByTestId('request-card');
    expect(within(card).getByTestId('request-graft').textContent).toBe(
      'Aortic valve · 20.5 mm proximal, up to 40 mm long',
    );
    expect(card.textContent).toContain('Implant window: 2026-11-25 – 2027-01-25');

    fireEvent.click(within(card).getByTestId('request-lot'));
    await screen.findByTestId('graft-page');
  });

  it('links the bank’s card to its donation page, and says n.d. for a size the graft lacks', async () => {
    renderUi(<RequestCard request={aGraftRequest({ t_Dproximal: null, t_Lmax: null })} side="bank" />);
    expect(screen.getByTestId('request-lot').getAttribute('href')).toBe('/home/eute/donation/EL-7');
    await changeLanguage('de');
    await waitFor(() =>
      expect(screen.getByTestId('request-graft').textContent).toBe('Aortenklappe · k. A. proximal, bis k. A. lang'),
    );
  });
});

/** Opens the dialog of `action` on a card offering it and answers the sentence it shows. */
async function consequenceOf(
  action: RequestStepAction,
  side: 'physician' | 'bank' = 'bank',
  language: 'en' | 'de' = 'en',
) {
  renderUi(<RequestCard request={aGraftRequest({ c_Name: 'Herzzentrum Nord', actions: [action] })} side={side} />);
  await changeLanguage(language);
  fireEvent.click(screen.getByTestId(`step-${action}`));
  return (await screen.findByTestId('step-consequence')).textContent ?? '';
}

describe('each step’s confirmation', () => {
  it('names what that step causes, so no two steps ask the same', async () => {
    const shown = new Map<RequestStepAction, string>();
    for (const [action, side] of [
      ['reserve', 'bank'],
      ['decline', 'bank'],
      ['assign', 'bank'],
      ['deliver', 'bank'],
      ['confirm', 'physician'],
      ['withdraw', 'physician'],
      ['implant', 'physician'],
      ['return', 'physician'],
    ] as const) {
      shown.set(action, await consequenceOf(action, side));
      cleanup();
    }
    expect(new Set(shown.values()).size).toBe(8);
    expect(shown.get('assign')).toMatch(/assigned to Herzzentrum Nord: it leaves the free stock.*allocation note/);
    expect(shown.get('deliver')).toMatch(/sent to Herzzentrum Nord.*delivery note/);
    expect(shown.get('withdraw')).toMatch(/free again for others/);
    expect(shown.get('implant')).toMatch(/archived.*traceability report/);
    expect(shown.get('return')).toMatch(/never offered again/);
    expect(shown.get('reserve')).toMatch(/lapses/);
  });

  it('says it in German too', async () => {
    expect(await consequenceOf('assign', 'bank', 'de')).toMatch(/Herzzentrum Nord zugeteilt.*Zuteilungsmitteilung/);
  });
});
