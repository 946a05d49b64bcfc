import type { CreateApiKeyResponse, FollowUp } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/support/client';
import { clinicalToday, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { followUpsOfEachKind, implantedThrough, type FollowUpsOfEachKind } from '../../../test/support/followups';

// Follow-ups as R5 Observations (docs/fhir.md "Observation"). Dr. Berg of clinic A records four
// follow-ups on grafts of bank X: a 30-day visit with echo, an explant of that graft, a death, a
// visit lost to follow-up; Dr. Kaya of clinic B a reintervention on a graft of bank Y. Each reads
// as an Observation by the follow-ups' rule: the clinic, the graft's bank (and its API key),
// auditors; not another clinic or bank, and not admins. The bank's $export carries them.

const R5 = '/api/fhir/R5';
type Json = Record<string, unknown>;
interface Bundle {
  total?: number;
  link?: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: Json }[];
}

describe(`FHIR Observation of follow-ups (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let ofA: FollowUpsOfEachKind;
  let ofB: FollowUp;
  let keyOfX: CreateApiKeyResponse;
  let keyOfY: CreateApiKeyResponse;
  const day = clinicalToday();

  const graftIdOf = async (lot: string) =>
    (
      await seeded.server.database.db
        .selectFrom('grafts')
        .select('id')
        .where('eLot', '=', lot)
        .executeTakeFirstOrThrow()
    ).id;
  const asKey = (key: CreateApiKeyResponse, path: string) =>
    new TestClient(seeded.server.baseUrl).request('GET', path, { headers: { authorization: `ApiKey ${key.key}` } });
  async function json(answer: Response, status = 200): Promise<Json> {
    expect(answer.status, await answer.clone().text()).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    return (await answer.json()) as Json;
  }
  const ids = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource.id);
  const observationIds = (bundle: Bundle) =>
    (bundle.entry ?? []).filter((entry) => entry.resource.resourceType === 'Observation').map((e) => e.resource.id);
  const component = (observation: Json, code: string) =>
    (observation.component as { code: { coding: { code: string }[] } }[]).find(
      (part) => part.code.coding[0]!.code === code,
    ) as Json | undefined;

  beforeAll(async () => {
    seeded = await startSeededApp();
    ofA = await followUpsOfEachKind(seeded, day);
    const implanted = await implantedThrough(
      seeded,
      { physician: 'physicianB', bank: 'employeeY', euteId: seeded.ids.euteY },
      day,
    );
    const answer = await seeded.clients.physicianB.post('/api/physician/followups', {
      lot: implanted.lot,
      date: day,
      patientStatus: 'alive',
      graftStatus: 'reintervention',
      reinterventionDate: day,
      reinterventionKind: 'catheter',
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    ofB = (await answer.json()) as FollowUp;
    for (const [bank, set] of [
      [seeded.ids.euteX, (key: CreateApiKeyResponse) => (keyOfX = key)],
      [seeded.ids.euteY, (key: CreateApiKeyResponse) => (keyOfY = key)],
    ] as const) {
      const created = await seeded.clients.admin.post(`/api/admin/eutes/${bank}/apikeys`, { label: 'registry' });
      set((await created.json()) as CreateApiKeyResponse);
    }
  }, 180_000);
  afterAll(async () => {
    await seeded?.server.close();
  });

  it('reads a visit as a final Observation: the patient by code, the graft as focus, the clinic as performer', async () => {
    const observation = await json(await seeded.clients.physicianA.get(`${R5}/Observation/${ofA.alive.id}`));
    expect(observation).toMatchObject({
      resourceType: 'Observation',
      id: ofA.alive.id,
      status: 'final',
      category: [{ coding: [{ code: 'P30D', display: '30 days after implantation' }] }],
      code: { coding: [{ system: 'https://graftmatch.org/fhir/CodeSystem/follow-up', code: 'graft-follow-up' }] },
      subject: {
        identifier: { system: 'https://graftmatch.org/fhir/sid/patient-code', value: ofA.alive.patient_Code },
      },
      focus: [{ reference: `BiologicallyDerivedProduct/${await graftIdOf(ofA.alive.lot)}` }],
      effectiveDateTime: day,
      issued: ofA.alive.recordedAt,
      performer: [{ reference: `Organization/${seeded.ids.clinicA}` }],
    });
    expect(component(observation, 'patient-status')).toMatchObject({ valueCodeableConcept: { text: 'Alive' } });
    expect(component(observation, 'graft-status')).toMatchObject({
      valueCodeableConcept: { coding: [{ code: 'functioning' }] },
    });
    expect(component(observation, 'peak-gradient')).toMatchObject({
      valueQuantity: { value: 18, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
    });
    expect(component(observation, 'mean-gradient')).toMatchObject({ valueQuantity: { value: 9, code: 'mm[Hg]' } });
    expect(component(observation, 'regurgitation')).toMatchObject({ valueCodeableConcept: { text: 'Trace' } });
    expect(component(observation, 'nyha-class')).toMatchObject({ valueCodeableConcept: { text: 'NYHA class I' } });
    expect(component(observation, 'endocarditis')).toMatchObject({ valueBoolean: false });
    expect(component(observation, 'death-date')).toBeUndefined();
    expect(JSON.stringify(observation)).not.toContain('Patient/');
  });

  it('reads an explant, a death and a lost visit', async () => {
    const read = (id: string) =>
      seeded.clients.physicianA.get(`${R5}/Observation/${id}`).then((answer) => json(answer));
    const explant = await read(ofA.explant.id);
    expect(explant).toMatchObject({ status: 'final', category: [{ coding: [{ code: 'unscheduled' }] }] });
    expect(component(explant, 'graft-status')).toMatchObject({ valueCodeableConcept: { text: 'Explanted' } });
    expect(component(explant, 'explant-date')).toMatchObject({ valueDateTime: day });
    expect(component(explant, 'explant-reason')).toMatchObject({
      valueCodeableConcept: { coding: [{ code: 'other' }], text: 'Conduit outgrown' },
    });

    const death = await read(ofA.death.id);
    expect(component(death, 'patient-status')).toMatchObject({ valueCodeableConcept: { text: 'Died' } });
    expect(component(death, 'death-date')).toMatchObject({ valueDateTime: day });
    expect(component(death, 'death-cause')).toMatchObject({
      valueCodeableConcept: { coding: [{ code: 'non-cardiac' }] },
    });

    const lost = await read(ofA.lost.id);
    expect(lost).toMatchObject({
      status: 'cancelled',
      dataAbsentReason: { coding: [{ code: 'unknown' }], text: 'Lost to follow-up' },
      note: [{ text: 'Moved abroad; no contact since.' }],
      issued: ofA.lost.recordedAt,
    });
    expect(lost).not.toHaveProperty('component');
    expect(lost).not.toHaveProperty('effectiveDateTime');
  });

  it('searches by graft, status and day, a page at a time, and refuses what it does not know', async () => {
    const { physicianA } = seeded.clients;
    const search = async (query: string) => (await json(await physicianA.get(`${R5}/Observation?${query}`))) as Bundle;
    const graft = await graftIdOf(ofA.alive.lot);
    const ofGraft = await search(`focus=BiologicallyDerivedProduct/${graft}`);
    expect(ofGraft.total).toBe(2);
    expect(ids(ofGraft).sort()).toEqual([ofA.alive.id, ofA.explant.id].sort());
    expect((await search('status=cancelled')).entry?.map((entry) => entry.resource.id)).toContain(ofA.lost.id);
    expect(ids(await search('status=cancelled'))).not.toContain(ofA.alive.id);
    expect(ids(await search(`date=ge${day}&status=final`))).toEqual(
      expect.arrayContaining([ofA.alive.id, ofA.explant.id, ofA.death.id]),
    );
    expect((await search(`date=gt${day}`)).total).toBe(0);

    const first = await search('_count=1');
    expect(first.total).toBe(4);
    expect(first.entry).toHaveLength(1);
    expect(first.entry![0]!.fullUrl).toMatch(/\/api\/fhir\/R5\/Observation\/[0-9a-f-]{36}$/);
    const next = first.link!.find((link) => link.relation === 'next')!;
    expect(next.url).toContain('_offset=1');

    for (const query of ['colour=red', 'focus=Patient/1', 'date=yesterday', '_count=101']) {
      const refused = await json(await physicianA.get(`${R5}/Observation?${query}`), 400);
      expect(refused).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] });
    }
  });

  it('is read by the clinic, the graft’s bank and its API key, and auditors; not by another clinic or bank, nor admins', async () => {
    const { clients } = seeded;
    const path = `${R5}/Observation/${ofA.alive.id}`;
    for (const client of [clients.physicianA, clients.employeeX, clients.auditor]) {
      expect((await client.get(path)).status).toBe(200);
    }
    expect((await asKey(keyOfX, path)).status).toBe(200);
    for (const answer of [
      await clients.physicianB.get(path),
      await clients.employeeY.get(path),
      await asKey(keyOfY, path),
    ]) {
      expect((await json(answer, 404)).resourceType).toBe('OperationOutcome');
    }
    expect((await json(await clients.admin.get(path), 403)).resourceType).toBe('OperationOutcome');
    expect((await json(await clients.admin.get(`${R5}/Observation`), 403)).resourceType).toBe('OperationOutcome');
    expect((await clients.anonymous.get(path)).status).toBe(401);
    // An open visit observed nothing: no Observation.
    const open = await seeded.server.database.db
      .selectFrom('followups')
      .select('id')
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    expect((await clients.auditor.get(`${R5}/Observation/${open.id}`)).status).toBe(404);

    // Searches: each reader its own; B's reintervention is bank Y's and clinic B's only.
    const search = async (answer: Promise<Response>) => ids((await json(await answer)) as Bundle);
    const ofX = [ofA.alive.id, ofA.explant.id, ofA.death.id, ofA.lost.id];
    expect((await search(clients.physicianA.get(`${R5}/Observation`))).sort()).toEqual([...ofX].sort());
    expect(await search(clients.physicianB.get(`${R5}/Observation`))).toEqual([ofB.id]);
    expect((await search(clients.employeeX.get(`${R5}/Observation`))).sort()).toEqual([...ofX].sort());
    expect(await search(clients.employeeY.get(`${R5}/Observation`))).toEqual([ofB.id]);
    expect(await search(asKey(keyOfY, `${R5}/Observation`))).toEqual([ofB.id]);
    expect((await search(clients.auditor.get(`${R5}/Observation?_count=100`))).sort()).toEqual([...ofX, ofB.id].sort());
  });

  it('is in the bank’s $export for its employees, API key and auditors, not in an admin’s', async () => {
    const { clients } = seeded;
    const exportOf = async (answer: Promise<Response>) => observationIds((await json(await answer)) as Bundle);
    const ofX = [ofA.alive.id, ofA.explant.id, ofA.death.id, ofA.lost.id].sort();
    expect((await exportOf(clients.employeeX.get(`${R5}/$export`))).sort()).toEqual(ofX);
    expect((await exportOf(asKey(keyOfX, `${R5}/$export`))).sort()).toEqual(ofX);
    expect((await exportOf(clients.auditor.get(`${R5}/$export?bank=${seeded.ids.euteX}`))).sort()).toEqual(ofX);
    expect(await exportOf(clients.employeeY.get(`${R5}/$export`))).toEqual([ofB.id]);
    expect(await exportOf(clients.admin.get(`${R5}/$export?bank=${seeded.ids.euteX}`))).toEqual([]);
  });

  it('is listed in the CapabilityStatement with its search parameters', async () => {
    const statement = (await json(await seeded.clients.anonymous.get(`${R5}/metadata`))) as {
      rest: { resource: { type: string; interaction: { code: string }[]; searchParam?: { name: string }[] }[] }[];
    };
    const observation = statement.rest[0]!.resource.find((resource) => resource.type === 'Observation');
    expect(observation?.interaction).toEqual([{ code: 'read' }, { code: 'search-type' }]);
    expect(observation?.searchParam?.map((parameter) => parameter.name)).toEqual(['focus', 'status', 'date', '_count']);
  });
});
