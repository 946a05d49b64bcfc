import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenIdle, SERVICE_WORKER_DELAY_MS } from './serviceWorker';

// happy-dom has no service workers: `register` is a stand-in here. The browser journey
// "installed as an app" (e2e/pages.e2e.ts) registers the real one and goes offline with it.
describe('the service worker registration', () => {
  const register = vi.fn(() => Promise.resolve());

  beforeEach(() => {
    vi.useFakeTimers();
    register.mockClear();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'readyState');
  });

  it('waits until the page has loaded and the first screen had its seconds', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    registerServiceWorkerWhenIdle('/sw.js');
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS * 2);
    expect(register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_001);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('counts from now when the page has loaded already', () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    registerServiceWorkerWhenIdle('/sw.js');
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS + 2_001);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
