import { describe, expect, it } from 'vitest';
import { requestStepMail } from './request-step';

// Mails show the recipient's local time (docs/decisions.md "Time zones"): a reservation's deadline
// in the requesting physician's clinic's zone, with its abbreviation, in the reader's language.

describe('the reservation mail to the physician', () => {
  const reserved = (language: 'en' | 'de', timeZone: string) =>
    requestStepMail(language, {
      step: 'reserved',
      lot: 'EL-7',
      bank: 'Bank North',
      deadline: '2026-12-03T22:15:00.000Z',
      timeZone,
      reason: null,
      link: 'https://graftmatch.example/home/clinic/requests',
    });

  it("names the deadline in the clinic's local time, not in UTC", () => {
    const berlin = reserved('en', 'Europe/Berlin');
    expect(berlin.subject).toBe('GraftMatch: graft EL-7 is reserved for you until 2026-12-03 23:15 CET');
    expect(berlin.text).toContain('Please confirm by 2026-12-03 23:15 CET;');
    expect(reserved('de', 'Europe/Berlin').text).toContain('Bitte bestätigen Sie bis 2026-12-03 23:15 MEZ;');
    expect(reserved('en', 'America/New_York').subject).toContain('until 2026-12-03 17:15 EST');
  });
});
