import { describe, expect, it } from 'vitest';
import { aPhysician } from '../../test/fixtures';
import { alertEventsOf } from './alertEvents';

const BANK = { id: '77777777-7777-4777-8777-777777777777', name: 'Gewebebank Nord' };

describe('the alert events a user chooses channels for', () => {
  it('are those of each side the user belongs to, once each, and none for an auditor only', () => {
    expect(alertEventsOf(aPhysician())).toEqual(['reservation', 'requestAnswer', 'vigilance', 'reminder']);
    expect(alertEventsOf(aPhysician({ clinics: [], eutes: [BANK] }))).toEqual([
      'bankRequest',
      'bankRequestUpdate',
      'vigilance',
      'reminder',
    ]);
    expect(alertEventsOf(aPhysician({ clinics: [], admin: true }))).toEqual(['reminder']);
    expect(alertEventsOf(aPhysician({ eutes: [BANK], admin: true }))).toEqual([
      'bankRequest',
      'bankRequestUpdate',
      'reservation',
      'requestAnswer',
      'vigilance',
      'reminder',
    ]);
    expect(alertEventsOf(aPhysician({ clinics: [], audit: true }))).toEqual([]);
  });
});
