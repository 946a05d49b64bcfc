import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { noteReachability } from '../../api/reachability';
import { watchNetwork } from './network';

let browserOnline = true;

beforeEach(() => {
  vi.useFakeTimers();
  browserOnline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setBrowserOnline(online: boolean) {
  browserOnline = online;
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the app’s network state', () => {
  it('follows the browser’s online and offline events', () => {
    watchNetwork();
    expect(onlineManager.isOnline()).toBe(true);
    setBrowserOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    setBrowserOnline(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('starts offline when the browser is', () => {
    browserOnline = false;
    watchNetwork();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('goes offline when a call gets no answer, and back once the server answers the probe', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    watchNetwork();
    noteReachability(false);
    expect(onlineManager.isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(onlineManager.isOnline()).toBe(false);

    fetchMock.mockResolvedValue(new Response('{}'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onlineManager.isOnline()).toBe(true);
    // Online again, the server is not asked any more.
    const asked = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(asked);
  });

  it('does not probe while the browser itself is offline: its online event says when to try', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    watchNetwork();
    setBrowserOnline(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
