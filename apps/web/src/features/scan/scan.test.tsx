import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Graft, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { renderRoutes, renderUi } from '../../test/render';
import CameraScanner from './CameraScanner';
import { aGraftRequest, REQUEST_ID } from '../../test/fixtures';
import { MyRequestsPage } from '../requests';
import { scannedGraftPath } from './ScanButton';

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

describe('find by scan', () => {
  const graft = { e_Lot: 'EB1-2021-0001', e_Eute: 'eute-x' } as Graft;
  const user = (clinics: number, eutes: string[]) =>
    ({
      clinics: Array.from({ length: clinics }, (_, index) => ({ id: `c${index}`, c_Name: 'C' })),
      eutes: eutes.map((id) => ({ id, name: id })),
    }) as User;

  it('opens the bank’s own graft as its donation, any other as the physician’s graft details', () => {
    expect(scannedGraftPath(graft, user(0, ['eute-x']))).toBe('/home/eute/donation/EB1-2021-0001');
    expect(scannedGraftPath(graft, user(1, []))).toBe('/home/clinic/graft/EB1-2021-0001');
    expect(scannedGraftPath(graft, user(1, ['eute-y']))).toBe('/home/clinic/graft/EB1-2021-0001');
  });
});

describe('the camera view', () => {
  // jsdom has no camera: navigator.mediaDevices is a test double answering as a browser would.
  function cameraAnswering(...errors: string[]) {
    const getUserMedia = vi.fn(() => {
      const name = errors.shift() ?? 'NotFoundError';
      return Promise.reject(Object.assign(new Error(name), { name }));
    });
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }),
    );
    return getUserMedia;
  }

  it('waits for a camera that a closing scanner still holds, then says why it cannot scan', async () => {
    const getUserMedia = cameraAnswering('NotReadableError', 'NotAllowedError');
    renderUi(<CameraScanner onDetected={() => undefined} />);
    expect((await screen.findByTestId('scan-camera-problem')).dataset.problem).toBe('denied');
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('says the camera is refused at once, without asking again', async () => {
    const getUserMedia = cameraAnswering('NotAllowedError');
    renderUi(<CameraScanner onDetected={() => undefined} />);
    expect((await screen.findByTestId('scan-camera-problem')).dataset.problem).toBe('denied');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});
