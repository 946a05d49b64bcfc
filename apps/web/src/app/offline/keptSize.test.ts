import { describe, expect, it } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave, type PersistedClient } from '@tanstack/react-query-persist-client';
import { ListStatus, StepStatus, type GraftHistory, type GraftRequest } from '@graftmatch/domain';
import { meKey } from '../../features/auth';
import { clinicKeys } from '../../features/clinic/keys';
import { wholeWaitingListQuery } from '../../features/grafts/waitingList';
import { requestKeys } from '../../features/requests/keys';
import { aGraft, aGraftRequest, aPhysician, aWaitingListEntry } from '../../test/fixtures';
import { keptDehydrateOptions, keptPersister, type KeptStorage } from './keptPersister';
import { fitWithin, KEPT_MAX_BYTES } from './keptSize';

/** The persister's storage as a map, so a test reads exactly what IndexedDB would be given. */
function memoryStorage(): KeptStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: async (key) => entries.get(key) ?? null,
    setItem: async (key, value) => void entries.set(key, value),
    removeItem: async (key) => void entries.delete(key),
  };
}

const KEY = 'working-set:test';
const remark = (lot: string) => `${lot}: donor 42 y, no relevant history; processed and released as usual. `.repeat(4);

/** A graft of the physician's clinic as its details page answers it: files, remarks, every step. */
function assignedGraft(index: number) {
  const lot = `EL-${String(index).padStart(5, '0')}`;
  const file = (name: string) => ({
    name,
    size: 2_400_000,
    contentType: 'image/jpeg',
    version: 1,
    current: true,
    record: false,
    reason: null,
    createdAt: '2026-10-01T08:00:00.000Z',
  });
  const done = { status: StepStatus.Done, outValue: '2026-10-01' };
  return aGraft({
    e_Lot: lot,
    x_Lot: `X${lot}`,
    t_Lot: `T${lot}`,
    listStatus: ListStatus.Current,
    c_Name: 'Herz & Gefäß – Nord',
    physician_Name: 'Dr. med. Jonas Berg',
    physician_EMail: 'dr.berg@clinic.example',
    physician_Phone: '+49 40 555 0311',
    patient_Initial: 'A',
    patient_Month: 3,
    patient_Year: 2021,
    a_Implant_Plan: 'Ross procedure, theatre 2',
    d_Remarks_public: remark(lot),
    x_Remarks_public: remark(lot),
    fotoFiles: [file('front.jpg'), file('side.jpg'), file('valve.jpg')],
    releaseStatementFiles: [{ ...file('release.pdf'), contentType: 'application/pdf', record: true }],
    allocationNotificationFiles: [{ ...file('allocation.pdf'), contentType: 'application/pdf', record: true }],
    assignment: done,
    delivery: done,
  });
}

/** A graft's history of a dozen events, as its details page shows it. */
function historyOf(lot: string): GraftHistory {
  return Array.from({ length: 12 }, (_, index) => ({
    at: `2026-10-${String(index + 1).padStart(2, '0')}T08:00:00.000Z`,
    action: index % 2 ? 'request.reserve' : 'graft.import',
    actor: 'Bank North (bank.north@demo.graftmatch.example)',
    targetType: 'graft',
    targetId: lot,
    changes: [{ field: 'listStatus', oldValue: 'Free', newValue: 'Current' }],
    reason: null,
  }));
}

/** A physician's full working set: 1,000 waiting-list entries (whole and in pages) and 200 grafts viewed. */
function physicianWorkingSet(): QueryClient {
  const client = new QueryClient();
  const entries = Array.from({ length: 1000 }, (_, index) =>
    aWaitingListEntry({ waitinglistid: `entry-${index}`, patient_Code: `A-03-${2000 + (index % 25)}` }),
  );
  client.setQueryData(meKey, aPhysician());
  client.setQueryData(wholeWaitingListQuery.queryKey, entries);
  for (let page = 1; page <= 50; page += 1) {
    client.setQueryData([...clinicKeys.waitingListPages, 'all', page], {
      items: entries.slice((page - 1) * 20, page * 20),
      total: entries.length,
    });
  }
  const grafts = Array.from({ length: 200 }, (_, index) => assignedGraft(index));
  client.setQueryData([...clinicKeys.current, null, 1], { items: grafts.slice(0, 20), total: grafts.length });
  for (const graft of grafts) {
    client.setQueryData(clinicKeys.graft(graft.e_Lot), graft);
    client.setQueryData(['graftHistory', graft.e_Lot], historyOf(graft.e_Lot));
  }
  const requests: GraftRequest[] = grafts
    .slice(0, 50)
    .map((graft, index) => aGraftRequest({ id: `request-${index}`, lot: graft.e_Lot }));
  client.setQueryData(requestKeys.mine, requests);
  return client;
}

async function keep(client: QueryClient, storage: KeptStorage) {
  await persistQueryClientSave({
    queryClient: client,
    persister: keptPersister(storage, KEY),
    dehydrateOptions: keptDehydrateOptions,
  });
}

describe('the kept working set and its bound', () => {
  it('keeps 1,000 waiting-list entries and 200 viewed grafts whole, well under the bound', async () => {
    const storage = memoryStorage();
    const client = physicianWorkingSet();
    await keep(client, storage);
    const stored = storage.entries.get(KEY) ?? '';
    const bytes = new TextEncoder().encode(stored).byteLength;
    expect(bytes).toBeLessThanOrEqual(KEPT_MAX_BYTES);
    const kept = JSON.parse(stored) as PersistedClient;
    // Nothing had to go: every query of the working set is there.
    expect(kept.clientState.queries).toHaveLength(client.getQueryCache().getAll().length);
    expect(fitWithin(kept).bytes).toBe(bytes);
  });

  it('leaves out the oldest data first when the working set outgrows the bound', () => {
    const client = new QueryClient();
    for (let index = 0; index < 10; index += 1) {
      client.setQueryData(clinicKeys.graft(`EL-${index}`), assignedGraft(index), { updatedAt: 1_000 + index });
    }
    const persisted = persistedOf(client);
    const bound = Math.floor(fitWithin(persisted).bytes * 0.6);

    const fitted = fitWithin(persisted, bound);

    expect(fitted.bytes).toBeLessThanOrEqual(bound);
    expect(new TextEncoder().encode(fitted.json).byteLength).toBe(fitted.bytes);
    expect(fitted.left).toBeGreaterThan(0);
    const lots = (JSON.parse(fitted.json) as PersistedClient).clientState.queries.map((query) => query.queryKey[2]);
    const newest = Array.from({ length: 10 }, (_, index) => `EL-${9 - index}`);
    expect(lots).toEqual(newest.slice(0, 10 - fitted.left));
  });

  it('stores text with dollar signs and non-Latin letters as it is', () => {
    const client = new QueryClient();
    client.setQueryData(meKey, aPhysician({ lastName: 'Bergström $& $1 – 山田' }));
    const fitted = fitWithin(persistedOf(client));
    const kept = JSON.parse(fitted.json) as PersistedClient;
    expect(kept.clientState.queries[0]?.state.data).toMatchObject({ lastName: 'Bergström $& $1 – 山田' });
    expect(fitted.bytes).toBe(new TextEncoder().encode(fitted.json).byteLength);
  });
});

function persistedOf(client: QueryClient): PersistedClient {
  return { timestamp: Date.now(), buster: '', clientState: dehydrate(client) };
}
