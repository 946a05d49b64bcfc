import type { CreateApiKeyResponse, VigilanceReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/support/client';
import { startSeededApp, type SeededApp, clinicalToday } from '../../../test/support/clinical';
import { implantedRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';
import { closeFhirValidator, validateFhir } from '../../../test/support/fhir-validator';

// A vigilance report as an R5 AdverseEvent (docs/fhir.md "AdverseEvent"): valid against the core
// package, the graft as the suspect entity's BiologicallyDerivedProduct, and readable by exactly
// those who read the report. A SAR of clinic A on a graft of bank X, confirmed; an SAE of bank X.

const R5 = '/api/fhir/R5';
type Json = Record<string, unknown>;

describe(`FHIR AdverseEvent (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let sar: VigilanceReport;
  let sae: VigilanceReport;
  let keyOfX: CreateApiKeyResponse;
  let keyOfY: CreateApiKeyResponse;
  const today = clinicalToday();

  async function ok(client: TestClient, path: string, body?: unknown, method: 'POST' | 'PATCH' = 'POST') {
    const answer = method === 'POST' ? await client.post(path, body) : await client.patch(path, body);
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    return (await answer.json()) as VigilanceReport;
  }
  const asKey = (key: string, path: string) =>
    new TestClient(seeded.server.baseUrl).request('GET', path, { headers: { authorization: `ApiKey ${key}` } });

  beforeAll(async () => {
    seeded = await startSeededApp();
    const { physicianA, employeeX, admin } = seeded.clients;
    const implanted = await implantedRequest(seeded, today);
    sar = await ok(physicianA, '/api/vigilance/reports', { lot: implanted.lot, kind: 'SAR', description: 'Fever' });
    await ok(
      physicianA,
      `/api/vigilance/reports/${sar.id}`,
      {
        sarNotification: {
          reactionDate: today,
          reactionType: 'Transmission of a bacterial infection',
          imputability: 'likely',
          severity: 'serious',
          mitigatingMeasures: 'Antibiotics started.',
        },
      },
      'PATCH',
    );
    await ok(physicianA, `/api/vigilance/reports/${sar.id}/submit-notification`, {});
    await ok(
      employeeX,
      `/api/vigilance/reports/${sar.id}`,
      {
        sarConfirmation: {
          confirmed: true,
          typeChanged: false,
          clinicalOutcome: 'minor-sequelae',
          investigationOutcome: 'Contamination during processing.',
          correctiveActions: 'Rinse step validated again.',
        },
      },
      'PATCH',
    );
    sar = await ok(employeeX, `/api/vigilance/reports/${sar.id}/confirm`, {});

    const free = await seeded.server.database.db
      .selectFrom('grafts')
      .select('eLot')
      .where('euteId', '=', seeded.ids.euteX)
      .where('listStatus', 'is not', null)
      .where('eLot', '!=', implanted.lot)
      .orderBy('eLot')
      .executeTakeFirstOrThrow();
    sae = await ok(employeeX, '/api/vigilance/reports', { lot: free.eLot, kind: 'SAE' });
    sae = await ok(
      employeeX,
      `/api/vigilance/reports/${sae.id}`,
      {
        saeNotification: {
          eventDate: today,
          deviations: [
            { stage: 'storage', cause: 'equipment-failure' },
            { stage: 'transport', cause: 'human-error' },
          ],
          description: 'Freezer alarm missed.',
        },
      },
      'PATCH',
    );
    for (const [bank, set] of [
      [seeded.ids.euteX, (key: CreateApiKeyResponse) => (keyOfX = key)],
      [seeded.ids.euteY, (key: CreateApiKeyResponse) => (keyOfY = key)],
    ] as const) {
      const answer = await admin.post(`/api/admin/eutes/${bank}/apikeys`, { label: 'vigilance' });
      set((await answer.json()) as CreateApiKeyResponse);
    }
  }, 180_000);
  afterAll(async () => {
    await closeFhirValidator();
    await seeded?.server.close();
  });

  async function valid(response: Response): Promise<Json> {
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const body = (await response.json()) as Json;
    expect(await validateFhir(body)).toEqual([]);
    return body;
  }

  it('renders a confirmed SAR: the graft as suspect entity, the recipient by patient code, outcome and seriousness', async () => {
    const event = await valid(await seeded.clients.physicianA.get(`${R5}/AdverseEvent/${sar.id}`));
    const graftId = (
      await seeded.server.database.db
        .selectFrom('grafts')
        .select('id')
        .where('eLot', '=', sar.lot)
        .executeTakeFirstOrThrow()
    ).id;
    expect(event).toMatchObject({
      resourceType: 'AdverseEvent',
      id: sar.id,
      status: 'completed',
      actuality: 'actual',
      identifier: [{ value: sar.sar!.notification.reportIdentification }],
      category: [{ coding: [{ code: 'SAR', display: 'Serious adverse reaction' }] }],
      subject: { type: 'Patient', identifier: { value: sar.sar!.notification.patientCode } },
      code: { text: 'Transmission of a bacterial infection' },
      occurrenceDateTime: today,
      detected: sar.discoveredAt,
      recordedDate: sar.createdAt,
      seriousness: { coding: [{ code: 'serious' }] },
      outcome: [{ coding: [{ code: 'resolvedWithSequelae' }, { code: 'minor-sequelae' }] }],
      suspectEntity: [
        {
          instanceReference: { reference: `BiologicallyDerivedProduct/${graftId}` },
          causality: { entityRelatedness: { text: 'Likely' } },
        },
      ],
      mitigatingAction: [{ itemCodeableConcept: { text: 'Antibiotics started.' } }],
      preventiveAction: [{ itemCodeableConcept: { text: 'Rinse step validated again.' } }],
    });
    // The reference resolves to the graft's product for the same reader.
    const product = await valid(await seeded.clients.physicianA.get(`${R5}/BiologicallyDerivedProduct/${graftId}`));
    expect(product.resourceType).toBe('BiologicallyDerivedProduct');
  });

  it("renders an SAE in progress: the deviations as the code's text, the donor as subject", async () => {
    const event = await valid(await seeded.clients.employeeX.get(`${R5}/AdverseEvent/${sae.id}`));
    expect(event).toMatchObject({
      status: 'in-progress',
      actuality: 'actual',
      category: [{ coding: [{ code: 'SAE' }] }],
      subject: { type: 'Patient' },
      code: {
        coding: [{ code: 'storage/equipment-failure' }, { code: 'transport/human-error' }],
        text: 'Deviation in storage: equipment failure; Deviation in transport: human error',
      },
      occurrenceDateTime: today,
    });
    expect(String((event.subject as Json).display)).toMatch(/^Donor/);
    expect(event.outcome).toBeUndefined();
  });

  it('is read by whoever reads the report, and by no one else', async () => {
    const { clients } = seeded;
    for (const client of [clients.physicianA, clients.employeeX, clients.admin, clients.auditor]) {
      expect((await client.get(`${R5}/AdverseEvent/${sar.id}`)).status).toBe(200);
    }
    for (const client of [clients.physicianB, clients.employeeY]) {
      const answer = await client.get(`${R5}/AdverseEvent/${sar.id}`);
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as Json).resourceType).toBe('OperationOutcome');
    }
    // The SAE is the bank's: clinic A does not read it.
    expect((await clients.physicianA.get(`${R5}/AdverseEvent/${sae.id}`)).status).toBe(404);
    expect((await clients.anonymous.get(`${R5}/AdverseEvent/${sar.id}`)).status).toBe(401);
    expect((await asKey(keyOfX.key, `${R5}/AdverseEvent/${sae.id}`)).status).toBe(200);
    expect((await asKey(keyOfY.key, `${R5}/AdverseEvent/${sae.id}`)).status).toBe(404);
    expect((await clients.admin.get(`${R5}/AdverseEvent/0f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e`)).status).toBe(404);
    expect((await clients.admin.get(`${R5}/AdverseEvent/not_an_id!`)).status).toBe(400);
  });

  it('is listed in the CapabilityStatement', async () => {
    const statement = (await (await seeded.clients.anonymous.get(`${R5}/metadata`)).json()) as {
      rest: { resource: { type: string; interaction: { code: string }[] }[] }[];
    };
    expect(statement.rest[0]!.resource.find((resource) => resource.type === 'AdverseEvent')?.interaction).toEqual([
      { code: 'read' },
    ]);
  });
});
