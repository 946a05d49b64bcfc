import { describe, expect, it } from 'vitest';
import { ALL_TEXTS, changeLanguage, i18n, LANGUAGES, loadLanguage } from '../../i18n';
import { notificationText } from './notificationText';

await Promise.all(LANGUAGES.map((language) => loadLanguage(language, ALL_TEXTS)));

describe('what a notification says', () => {
  it('names lot, bank and the deadline in UTC, in either language', async () => {
    const reserved = {
      kind: 'request',
      payload: { lot: 'EL-7', state: 'reserved', bank: 'Bank North', deadline: '2026-11-28T13:22:16.000Z' },
    };
    await changeLanguage('en');
    expect(notificationText(i18n.t, reserved)).toBe(
      'Bank North reserved graft EL-7 for you until 2026-11-28 13:22 UTC. Please confirm by then.',
    );
    await changeLanguage('de');
    expect(notificationText(i18n.t, reserved)).toBe(
      'Bank North hat den Graft EL-7 bis 2026-11-28 13:22 UTC für Sie reserviert. Bitte bestätigen Sie bis dahin.',
    );
    await changeLanguage('en');
  });

  it('tells other request states, imports and kinds it does not know', async () => {
    await changeLanguage('en');
    expect(notificationText(i18n.t, { kind: 'request', payload: { lot: 'EL-7', state: 'assigned' } })).toBe(
      'Request for graft EL-7: assigned.',
    );
    expect(
      notificationText(i18n.t, {
        kind: 'import',
        payload: { importer: 'API key lab', bank: 'Bank North', inserted: 3, updated: 1, failed: 0 },
      }),
    ).toBe('API key lab imported grafts into Bank North: 3 added, 1 updated, 0 failed.');
    expect(notificationText(i18n.t, { kind: 'something new', payload: {} })).toBe(
      'Something changed that concerns you.',
    );
  });

  it("tells the bank of a physician's confirmation, and a state without its own text in the server's sentence", async () => {
    const confirmed = { kind: 'request', payload: { lot: 'EL-7', state: 'confirmed', clinic: 'Herz & Gefäß – Nord' } };
    await changeLanguage('de');
    expect(notificationText(i18n.t, confirmed)).toBe(
      'Herz & Gefäß – Nord hat die Reservierung des Grafts EL-7 bestätigt. Bitte weisen Sie ihn zu und versenden Sie ihn.',
    );
    await changeLanguage('en');
    expect(notificationText(i18n.t, confirmed)).toBe(
      'Herz & Gefäß – Nord confirmed the reservation of graft EL-7. Please assign and ship it.',
    );
    const withdrawn = {
      kind: 'request',
      payload: { lot: 'EL-7', state: 'withdrawn', message: 'Herz & Gefäß – Nord withdrew its request for graft EL-7.' },
    };
    expect(notificationText(i18n.t, withdrawn)).toBe('Herz & Gefäß – Nord withdrew its request for graft EL-7.');
    // A state with a text of ours keeps it, whatever the server adds.
    expect(notificationText(i18n.t, { ...confirmed, payload: { ...confirmed.payload, message: 'Anything' } })).toBe(
      'Herz & Gefäß – Nord confirmed the reservation of graft EL-7. Please assign and ship it.',
    );
  });

  it('tells the grafts of a large import counted together, in either language', async () => {
    const more = { kind: 'match', payload: { grafts: 85, patientCodes: ['M-05-2020', 'K-01-2021'] } };
    await changeLanguage('de');
    expect(notificationText(i18n.t, more)).toBe(
      '85 weitere freigegebene Grafts passen zu Ihren Wartelisteneinträgen (M-05-2020, K-01-2021): Ihre Warteliste zeigt sie.',
    );
    await changeLanguage('en');
    expect(notificationText(i18n.t, more)).toBe(
      '85 more newly free grafts fit your waiting-list entries (M-05-2020, K-01-2021): your waiting list shows them.',
    );
  });
});
