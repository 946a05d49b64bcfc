import { describe, expect, it } from 'vitest';
import { aGraftRequest } from '../../test/fixtures';
import { deliveryComplete, initialDelivery } from './DeliveryFields';

// A delivery is dated on the bank's local day, as the server judges it: at 23:30 UTC it is already
// the next day in Berlin, where the assignment was dated.
describe('the delivery date late in the evening', () => {
  const lateEvening = new Date('2026-12-04T23:30:00Z');
  const request = aGraftRequest({ state: 'assigned', assignedOn: '2026-12-05', bankTimeZone: 'Europe/Berlin' });

  it("starts at the bank's local day and may be sent", () => {
    const delivery = initialDelivery(request, lateEvening);
    expect(delivery.date).toBe('2026-12-05');
    expect(deliveryComplete({ ...delivery, carrier: 'MedCourier', reference: 'MC-1' }, request, lateEvening)).toBe(
      true,
    );
  });

  it("is the UTC day's for a bank in a zone behind UTC", () => {
    const inNewYork = aGraftRequest({ state: 'assigned', assignedOn: '2026-12-04', bankTimeZone: 'America/New_York' });
    expect(initialDelivery(inNewYork, lateEvening).date).toBe('2026-12-04');
  });
});
