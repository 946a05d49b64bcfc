import { describe, expect, it } from 'vitest';
import { isToasted } from './notificationToast';

const request = (state: string) => ({ kind: 'request', payload: { id: 'r1', lot: 'EL-7', state } });

describe('which notifications come as a toast', () => {
  it("a bank's employees see a new request, a physician's confirmation and every vigilance step", () => {
    expect(isToasted(request('requested'))).toBe(true);
    expect(isToasted(request('confirmed'))).toBe(true);
    expect(isToasted({ kind: 'vigilance', payload: { lot: 'EL-7', message: 'SAR notification submitted' } })).toBe(
      true,
    );
    expect(isToasted({ kind: 'vigilance', payload: { lot: 'EL-7', message: 'Graft quarantined' } })).toBe(true);
  });

  it("a physician sees the bank's answers and reminders; the other steps only count on the bell", () => {
    for (const state of ['reserved', 'declined', 'delivered']) {
      expect(isToasted(request(state))).toBe(true);
    }
    expect(isToasted({ kind: 'reminder', payload: { message: 'Reservation runs out in 2 hours' } })).toBe(true);
    for (const state of ['withdrawn', 'assigned', 'implanted', 'returned', 'lapsed']) {
      expect(isToasted(request(state))).toBe(false);
    }
    expect(isToasted({ kind: 'import', payload: {} })).toBe(false);
  });
});
