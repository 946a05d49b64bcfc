import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Graft, User } from '@graftmatch/domain';
import { renderUi } from '../../test/render';
import CameraScanner from './CameraScanner';
import { scannedGraftPath } from './ScanButton';

afterEach(() => {
  vi.unstubAllGlobals();
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
