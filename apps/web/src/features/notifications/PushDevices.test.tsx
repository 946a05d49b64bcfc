import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PushDevice } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json } from '../../test/fakeApi';
import { renderUi } from '../../test/render';
import { PushDevices } from './PushDevices';
import { deviceOf, keyBytes } from './pushSubscription';

const path = '/api/me/push-subscriptions';
const PHONE: PushDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Chrome on Android',
  createdAt: '2026-03-01T12:00:00.000Z',
  lastDeliveredAt: '2026-03-02T12:00:00.000Z',
  thisDevice: false,
};
const LAPTOP: PushDevice = {
  id: '22222222-2222-4222-8222-222222222222',
  label: 'Firefox on Windows',
  createdAt: '2026-03-03T12:00:00.000Z',
  lastDeliveredAt: null,
  thisDevice: true,
};
// An uncompressed P-256 point is 65 bytes; the server sends it base64url.
const KEY = new Uint8Array(65).map((_, at) => (at * 7 + 4) % 256);
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** The devices as the server keeps them: what a POST adds or a DELETE removes, the next GET lists. */
function fakeDevices(initial: PushDevice[]) {
  let devices = initial;
  return {
    [`GET ${path}`]: () => json({ items: devices }),
    [`DELETE ${path}/${PHONE.id}`]: () => {
      devices = devices.filter((device) => device.id !== PHONE.id);
      return new Response(null, { status: 204 });
    },
    [`POST ${path}`]: ({ body }: { body: unknown }) => {
      const device = { ...LAPTOP, label: (body as { label: string }).label };
      devices = [...devices, device];
      return json(device, 201);
    },
    'GET /api/push/vapid-public-key': () => json({ publicKey: PUBLIC_KEY }),
  };
}

/** A browser with Web Push: its permission answer, and a service worker whose push manager subscribes. */
function browserWithPush(answer: NotificationPermission) {
  const subscription = {
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://push.example/send/abc',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
  const register = vi.fn(async () => ({}));
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { register, ready: Promise.resolve({ pushManager }) },
    configurable: true,
  });
  Object.defineProperty(navigator, 'userAgent', { value: ANDROID_CHROME, configurable: true });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => answer) });
  return { pushManager, register };
}

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

describe('the devices that receive push', () => {
  it('lists each device and removes one only after the question is answered', async () => {
    const api = fakeApi(fakeDevices([PHONE, LAPTOP]));
    renderUi(<PushDevices />);
    const rows = await screen.findAllByTestId('push-device');
    // The last push is shown in the reader's zone, which differs from machine to machine.
    expect(rows[0]?.textContent).toMatch(/^Chrome on AndroidAdded 2026-03-01Last push 2026-03-02 \d\d:\d\d \S+Remove$/);
    expect(rows[1]?.textContent).toBe('Firefox on Windowsthis deviceAdded 2026-03-03No push delivered yetRemove');
    // Without Web Push in this browser (happy-dom has none), one sentence says so.
    expect(screen.getByTestId('push-unsupported').textContent).toMatch(/^This browser cannot receive push messages/);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Chrome on Android' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-remove-device')).toBeNull());
    expect(api.callsTo('DELETE', `${path}/${PHONE.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Chrome on Android' }));
    fireEvent.click(await screen.findByTestId('confirm-remove-device'));
    await waitFor(() => expect(api.callsTo('DELETE', `${path}/${PHONE.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('push-device')).toHaveLength(1));
    expect(screen.getByTestId('push-device').textContent).toContain('Firefox on Windows');
  });

  it('turns on push here: asks, subscribes with the server key and adds the device named by its browser', async () => {
    const { pushManager, register } = browserWithPush('granted');
    const api = fakeApi(fakeDevices([]));
    renderUi(<PushDevices />);
    expect((await screen.findByTestId('push-devices-empty')).textContent).toBe(
      'No device receives your push messages yet.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn on push on this device' }));
    await waitFor(() => expect(api.callsTo('POST', path)).toHaveLength(1));
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(api.callsTo('POST', path)[0]?.body).toEqual({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      label: 'Chrome on Android',
    });
    expect((await screen.findByTestId('push-on-here')).textContent).toMatch(/^Push is on for this device/);
    expect(within(screen.getByTestId('push-device')).getByTestId('push-this-device')).toBeTruthy();
  });

  it('says how to allow notifications again when the browser blocks them', async () => {
    const { pushManager } = browserWithPush('denied');
    const api = fakeApi(fakeDevices([]));
    renderUi(<PushDevices />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect((await screen.findByTestId('push-denied')).textContent).toContain('allow notifications, then reload');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('POST', path)).toHaveLength(0);
  });
});

describe('the browser side of push', () => {
  it('reads the base64url key and names a device by its browser and system', () => {
    expect(keyBytes(PUBLIC_KEY)).toEqual(KEY);
    expect(deviceOf(ANDROID_CHROME)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iPhone' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(deviceOf('curl/8.5')).toEqual({ browser: 'Browser', system: null });
  });
});
