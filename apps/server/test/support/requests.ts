import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { shiftDate, type GraftRequest } from '@graftmatch/domain';
import type { TestClient } from './client';
import { graftRow, today, type SeededApp } from './clinical';

// Helpers for the graft request tests (docs/api.md, "Graft requests").

/** A fresh Free aortic valve of 20 mm and 40 mm length of bank X, that few demo entries fit, with an SEC. */
export async function freeGraftOfX(app: SeededApp, day = today()): Promise<string> {
  const lot = `RQ-${randomUUID().slice(0, 8)}`;
  const expiry = shiftDate(day, 365);
  const donation = String(randomInt(10 ** 12, 10 ** 13 - 1)).padStart(13, '0');
  await app.server.database.db
    .insertInto('grafts')
    .values(
      graftRow(app.ids.euteX, {
        eLot: lot,
        tDproximal: 20.5,
        expiryOut: expiry,
        expiryDate: expiry,
        xSec: `DE000123 ${donation} E0042105 001 ${expiry.replaceAll('-', '')}`,
      }),
    )
    .execute();
  return lot;
}

/** The code on the graft's package: its SEC as stored, or its lot when it has none. */
export async function packageCode(app: SeededApp, lot: string): Promise<string> {
  const graft = await app.server.database.db
    .selectFrom('grafts')
    .select('xSec')
    .where('eLot', '=', lot)
    .executeTakeFirstOrThrow();
  return graft.xSec ?? lot;
}

/** A waiting-list entry of the client's physician that the graft of `freeGraftOfX` fits, unless `criteria` say otherwise. */
export async function entryFor(
  client: TestClient,
  patientCode: string,
  implantInDays: number,
  day = today(),
  criteria: Record<string, unknown> = {},
) {
  const answer = await client.post('/api/physician/waitinglist', {
    query_type: 5,
    query_d_min: 20,
    query_d_max: 21,
    query_l_min: 35,
    query_l_l_min: 0,
    query_l_r_min: 0,
    patient_Code: patientCode,
    query_i_min: shiftDate(day, implantInDays),
    query_i_Max: shiftDate(day, implantInDays + 60),
    ...criteria,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { waitinglistid: string }).waitinglistid;
}

export async function requestGraft(
  client: TestClient,
  body: { lot: string; waitinglistid?: string; patient_Code?: string; note?: string; priorImplantationReason?: string },
) {
  const answer = await client.post('/api/physician/requests', body);
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as GraftRequest;
}

/** What a delivery carries (docs/api.md "Graft requests"): the carrier and the shipment's reference. */
export const DELIVERY = { carrier: 'MedCourier Berlin', reference: 'MC-2026-0042' } as const;

const usedPatientCodes = new Set<string>();

/**
 * A patient code no other test uses: a graft implanted for one patient makes the next request of
 * the same type for that code within 90 days need an acknowledgement (docs/decisions.md).
 */
export function uniquePatientCode(): string {
  for (;;) {
    const initial = String.fromCharCode(65 + randomInt(26));
    const month = String(1 + randomInt(12)).padStart(2, '0');
    const code = `${initial}-${month}-${1950 + randomInt(150)}`;
    // Drawn at random, a hundred codes in one file would repeat one about one time in ten.
    if (!usedPatientCodes.has(code)) {
      usedPatientCodes.add(code);
      return code;
    }
  }
}

/** One step; answers the response so tests can check refusals too. */
export function step(
  client: TestClient,
  side: 'physician' | 'euteemployee',
  id: string,
  action: string,
  body: unknown = {},
) {
  return client.post(`/api/${side}/requests/${id}/${action}`, body);
}

/** One step that must succeed; answers the request after it. */
export async function stepOk(
  client: TestClient,
  side: 'physician' | 'euteemployee',
  id: string,
  action: string,
  body: unknown = {},
): Promise<GraftRequest> {
  const answer = await step(client, side, id, action, body);
  expect(answer.status, `${action}: ${await answer.clone().text()}`).toBe(200);
  return (await answer.json()) as GraftRequest;
}
