import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AuditChainReport, GraftHistory, User } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { changeLanguage } from '../../i18n';
import { showDateTime } from '../../i18n/format';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { GraftHistoryPage, GraftHistorySection } from './GraftHistory';
import { fieldLabelKey } from './historyFields';

// A graft's life story as its readers see it: newest first, in words, with the audit chain's state.

const history: GraftHistory = [
  {
    at: '2026-11-27T12:00:00.000Z',
    action: 'request.correct',
    actor: 'Anna Berg (dr.berg@demo.graftmatch.example)',
    targetType: 'graftRequest',
    targetId: 'r1',
    changes: [{ field: 'patient_Code', oldValue: 'K-11-2018', newValue: 'K-12-2018' }],
    reason: 'Typed from the wrong chart',
  },
  {
    at: '2026-11-27T11:00:00.000Z',
    action: 'request.reserve',
    actor: 'Nora North (bank.north@demo.graftmatch.example)',
    targetType: 'graftRequest',
    targetId: 'r1',
    changes: [{ field: 'state', oldValue: 'requested', newValue: 'reserved' }],
    reason: null,
  },
  {
    at: '2026-11-27T10:00:00.000Z',
    action: 'graft.import.insert',
    actor: 'system',
    targetType: 'graft',
    targetId: 'g1',
    changes: [],
    reason: null,
  },
];

const intact: AuditChainReport = {
  ok: true,
  rows: 120,
  checkpoints: 1,
  verifiedUpTo: 120,
  lastCheckpoint: { size: 100, at: '2026-11-27T09:00:00.000Z' },
  failure: null,
  summary: '120 rows, 1 checkpoint, chain intact up to seq 120',
  publicKey: 'k',
};

const routes = [
  { path: '/home/grafts/:lot/history', element: <GraftHistoryPage /> },
  { path: '/section/:lot', element: <GraftHistorySection lot="EL-7" /> },
  { path: '*', element: <p>elsewhere</p> },
];

function api(me: Partial<User>, events: GraftHistory | number = history) {
  return fakeApi({
    'GET /api/users/getmyuser': () => json(aPhysician(me)),
    'GET /api/grafts/history/EL-7': () =>
      typeof events === 'number' ? problem(events, 'No graft with lot EL-7.') : json(events),
    'GET /api/admin/audit/verify': () => json(intact),
  });
}

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe("a graft's history", () => {
  it('tells each event newest first in words, with who, the fields old → new and the reason; admins see the chain verified', async () => {
    api({ admin: true, clinics: [] } as Partial<User>);
    renderRoutes(routes, '/home/grafts/EL-7/history');
    const events = await screen.findAllByTestId('history-event');
    expect(events.map((event) => event.dataset.action)).toEqual([
      'request.correct',
      'request.reserve',
      'graft.import.insert',
    ]);
    const timeline = screen.getByTestId('graft-history').textContent;
    expect(timeline).toContain('Step corrected');
    expect(timeline).toContain('Patient code: K-11-2018 → K-12-2018');
    expect(timeline).toContain('Reason: Typed from the wrong chart');
    expect(timeline).toContain('by Nora North (bank.north@demo.graftmatch.example)');
    expect(timeline).toContain('State: requested → reserved');
    expect(timeline).toContain('by the system');
    await waitFor(() =>
      expect(screen.getByTestId('chain-status').textContent).toBe('Audit chain intact up to entry 120'),
    );

    await changeLanguage('de');
    await waitFor(() => expect(screen.getByTestId('graft-history').textContent).toContain('Schritt korrigiert'));
    expect(screen.getByTestId('graft-history').textContent).toContain('Status: angefragt → reserviert');
  });

  // Instants read as the app shows every time (i18n/format.ts), never as stored.
  const RECEIVED = '2026-11-28T09:14:37.512Z';

  it('speaks words, not stored names: the package’s receipt at a time, a file’s kind, an import’s step', async () => {
    api({ admin: true, clinics: [] } as Partial<User>, [
      {
        at: '2026-11-28T09:15:00.000Z',
        action: 'request.receive',
        actor: 'Anna Berg (dr.berg@demo.graftmatch.example)',
        targetType: 'graftRequest',
        targetId: 'r1',
        changes: [{ field: 'receivedAt', oldValue: null, newValue: RECEIVED }],
        reason: null,
      },
      {
        at: '2026-11-27T16:00:00.000Z',
        action: 'graft.file.generate',
        actor: 'Nora North (bank.north@demo.graftmatch.example)',
        targetType: 'graftFile',
        targetId: 'f1',
        changes: [
          { field: 'kind', oldValue: null, newValue: 'deliveryNotes' },
          { field: 'name', oldValue: null, newValue: 'Delivery_note_EL-7.pdf' },
        ],
        reason: null,
      },
      {
        at: '2026-11-27T10:00:00.000Z',
        action: 'graft.import.update',
        actor: 'system',
        targetType: 'graft',
        targetId: 'g1',
        changes: [{ field: 'delivery.status', oldValue: '0', newValue: '1' }],
        reason: null,
      },
    ]);
    renderRoutes(routes, '/home/grafts/EL-7/history');
    await screen.findAllByTestId('history-event');
    const lines = () => screen.getAllByTestId('history-change').map((line) => line.textContent);
    expect(lines()).toEqual([
      `Package received: – → ${showDateTime(RECEIVED)}`,
      'Kind of file: – → Delivery notes',
      'File name: – → Delivery_note_EL-7.pdf',
      'Delivery: status: Open → Done',
    ]);
    expect(screen.getByTestId('graft-history').textContent).not.toMatch(/receivedAt|deliveryNotes|T09:14/);

    await changeLanguage('de');
    await waitFor(() => expect(lines()[0]).toBe(`Packung angenommen: – → ${showDateTime(RECEIVED)}`));
    expect(lines().slice(1)).toEqual([
      'Dateiart: – → Lieferscheine',
      'Dateiname: – → Delivery_note_EL-7.pdf',
      'Auslieferung: Status: Offen → Erledigt',
    ]);
  });

  it('tells a physician how the log is sealed instead of verifying it, and says when nothing is recorded', async () => {
    const calls = api({}, []);
    renderRoutes(routes, '/home/grafts/EL-7/history');
    expect((await screen.findByTestId('history-empty')).textContent).toBe(
      'Nothing has been recorded for this graft yet.',
    );
    expect(screen.getByTestId('chain-status').textContent).toContain('administrators and auditors can verify it');
    expect(calls.callsTo('GET', '/api/admin/audit/verify')).toEqual([]);
  });

  it('leaves the section out of the details for a caller who may not read the history', async () => {
    const calls = api({}, 404);
    renderRoutes(routes, '/section/EL-7');
    expect(screen.getByRole('region', { name: 'History' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'History' })).toBeNull());
    expect(calls.callsTo('GET', '/api/grafts/history/EL-7')).toHaveLength(1);
  });

  it('links the section to its own page', async () => {
    api({});
    renderRoutes(routes, '/section/EL-7');
    expect((await screen.findByTestId('history-link')).getAttribute('href')).toBe('/home/grafts/EL-7/history');
    expect(await screen.findAllByTestId('history-event')).toHaveLength(3);
  });
});

describe('fieldLabelKey', () => {
  it('names import columns, request fields and file fields, however the column is spelled; others stay as stored', () => {
    expect(fieldLabelKey('t_Lmax')).toBe('graft.lMax');
    expect(fieldLabelKey('x_SEC')).toBe('graft.sec');
    expect(fieldLabelKey('patient_Code')).toBe('corrections.fields.patient_Code');
    expect(fieldLabelKey('state')).toBe('history.fields.state');
    expect(fieldLabelKey('delivery.status')).toBeNull();
  });
});
