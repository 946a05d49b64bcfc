import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './serverClock';

afterEach(() => noteServerDate(new Date(Date.now() - 500).toUTCString()));

describe('the server clock', () => {
  it('follows the Date header of the last answer, whatever the device clock says', () => {
    const received = Date.now();
    const server = Math.floor((received + 3 * 3_600_000) / 1000) * 1000;
    noteServerDate(new Date(server).toUTCString(), received);
    expect(Math.abs(serverNow().getTime() - (server + 500))).toBeLessThan(1000);
  });

  it('keeps what it knew when an answer has no readable Date', () => {
    const received = Date.now();
    noteServerDate(new Date(received - 60_000).toUTCString(), received);
    const before = serverNow().getTime();
    noteServerDate(null);
    noteServerDate('yesterday');
    expect(Math.abs(serverNow().getTime() - before)).toBeLessThan(1000);
  });
});
