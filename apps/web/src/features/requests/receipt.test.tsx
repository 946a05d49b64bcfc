import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { translate } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { aGraftRequest, REQUEST_ID } from '../../test/fixtures';
import { MyRequestsPage } from './MyRequestsPage';
import { LANGUAGES_OF_FORMS, readIn, shownError, textIn } from '../../test/refusal';

// The receipt of a delivered package: a keyboard-wedge scanner types the code and Enter, which sends
// it; the server's mismatch shows both codes (docs/decisions.md, "Scanning").

const RECEIVE = `/api/physician/requests/${REQUEST_ID}/receive`;
const SEC = 'DE000123 2021264932585 E0042108 001 20260704';
const ISBT = '&,4DE0001232021264932585E004210800120260704';

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function openReceipt(answer: () => Response) {
  const delivered = aGraftRequest({ state: 'delivered', deadline: null, actions: ['implant', 'return'] });
  const api = fakeApi({
    'GET /api/physician/requests': () => json([delivered]),
    [`POST ${RECEIVE}`]: answer,
  });
  renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
  return { api };
}

describe('receiving a delivered graft', () => {
  it('sends what a wedge scanner typed when it presses Enter', async () => {
    const { api } = openReceipt(() => json({ ...aGraftRequest(), state: 'delivered', receivedAt: 'x' }));
    fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-receive'));
    const input = await screen.findByTestId('scan-input');
    fireEvent.change(input, { target: { value: ISBT } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST', RECEIVE)).toHaveLength(1));
    expect(api.callsTo('POST', RECEIVE)[0]?.body).toEqual({ sec: ISBT });
  });

  it('shows both codes when the package is another graft', async () => {
    const other = 'DE000456 2021697086150 E0042107 001 20260627';
    openReceipt(() => problem(409, 'mismatch', { expectedCode: SEC, scannedCode: other }));
    fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-receive'));
    fireEvent.change(await screen.findByTestId('scan-input'), { target: { value: other } });
    fireEvent.click(screen.getByTestId('receive-submit'));
    expect((await screen.findByTestId('scan-mismatch')).textContent).toContain(
      `The package shows ${other}, but the graft of this request is ${SEC}.`,
    );
  });

  it('shows when a received graft arrived instead of the button', async () => {
    fakeApi({
      'GET /api/physician/requests': () =>
        json([
          aGraftRequest({ state: 'delivered', actions: ['implant', 'return'], receivedAt: '2026-11-27T08:00:00.000Z' }),
        ]),
    });
    renderRoutes([{ path: '/home/clinic/requests', element: <MyRequestsPage /> }], '/home/clinic/requests');
    const card = await screen.findByTestId('request-card');
    expect(within(card).getByTestId('request-received').textContent).toMatch(/^Received at the clinic: /);
    expect(within(card).queryByTestId('step-receive')).toBeNull();
  });
});

describe('a code that is none, in the reader’s language', () => {
  for (const language of LANGUAGES_OF_FORMS) {
    it(`says why as the server's catalogue words it (${language})`, async () => {
      openReceipt(() => json(aGraftRequest()));
      fireEvent.click(within(await screen.findByTestId('request-card')).getByTestId('step-receive'));
      await readIn(language);
      const input = await screen.findByTestId('scan-input');
      fireEvent.change(input, { target: { value: 'US000123 2021264932585 E0042108 001 20260704' } });
      fireEvent.blur(input);
      const reason = translate(language, 'graftCode.secCountry', { country: 'US' });
      await waitFor(() =>
        expect(shownError(input)).toBe(textIn(language, 'scan.invalid').replace('{{reason}}', reason)),
      );
      expect(document.body.textContent).not.toMatch(language === 'de' ? /is not|country code/ : /ist kein/);
    });
  }
});
