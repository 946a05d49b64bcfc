import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FollowUp, FollowUpPage, FollowUpRecordInput, GraftRequest } from '@graftmatch/domain';
import type { TestClient } from './client';
import { graftRow, type SeededApp } from './clinical';
import { implantedRequest } from './clinical-records';
import { DELIVERY, packageCode, requestGraft, stepOk, uniquePatientCode } from './requests';

// Helpers for the follow-up tests (docs/api.md "Follow-ups").

/** A follow-up at which the patient lives with the graft working, on `date`. */
export const wellOn = (date: string): FollowUpRecordInput => ({
  date,
  patientStatus: 'alive',
  graftStatus: 'functioning',
  peakGradient: 18,
  meanGradient: 9,
  regurgitation: 'trace',
  nyhaClass: 'I',
});

/** The follow-ups a client reads under `path` (the physician's or the bank's list), for one lot and state. */
export async function followUpsOf(
  client: TestClient,
  query: { lot?: string; state?: string } = {},
  path = '/api/physician/followups',
): Promise<FollowUp[]> {
  const search = new URLSearchParams({ limit: '500', ...query });
  const answer = await client.get(`${path}?${search}`);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as FollowUpPage).items;
}

/** One visit of a lot's schedule, as physician A's clinic reads it. */
export async function visitOf(client: TestClient, lot: string, visit: string): Promise<FollowUp> {
  const found = (await followUpsOf(client, { lot })).find((followUp) => followUp.visit === visit);
  expect(found, `${lot} ${visit}`).toBeDefined();
  return found!;
}

/**
 * A graft of `bank` requested by `physician`'s client for a new patient, taken through every step
 * and implanted on `date` (the delivery's day: today on the app's clock).
 */
export async function implantedThrough(
  app: SeededApp,
  sides: { physician: 'physicianA' | 'physicianB'; bank: 'employeeX' | 'employeeY'; euteId: string },
  date: string,
): Promise<GraftRequest> {
  const physician = app.clients[sides.physician];
  const bank = app.clients[sides.bank];
  const lot = `FU-${randomUUID().slice(0, 8)}`;
  await app.server.database.db
    .insertInto('grafts')
    .values(graftRow(sides.euteId, { eLot: lot, tDproximal: 20.5 }))
    .execute();
  const request = await requestGraft(physician, { lot, patient_Code: uniquePatientCode() });
  await stepOk(bank, 'euteemployee', request.id, 'reserve');
  await stepOk(physician, 'physician', request.id, 'confirm');
  await stepOk(bank, 'euteemployee', request.id, 'assign');
  await stepOk(bank, 'euteemployee', request.id, 'deliver', DELIVERY);
  return stepOk(physician, 'physician', request.id, 'implant', {
    date,
    patient_Code: request.patient_Code,
    sec: await packageCode(app, lot),
  });
}

/**
 * A fresh implantation of physician A whose 30-day follow-up is made due on `day` (its due day
 * moved in the database), for tests that need one to record now. Answers the follow-up's id.
 */
export async function dueFollowUpOfA(app: SeededApp, day: string): Promise<string> {
  const { lot } = await implantedRequest(app, day);
  const db = app.server.database.db;
  const row = await db
    .selectFrom('followups')
    .innerJoin('grafts', 'grafts.id', 'followups.graftId')
    .select('followups.id')
    .where('grafts.eLot', '=', lot)
    .where('followups.visit', '=', 'P30D')
    .executeTakeFirstOrThrow();
  await db.updateTable('followups').set({ dueOn: day }).where('id', '=', row.id).execute();
  return row.id;
}

/** A follow-up of clinic A of each kind the FHIR Observation maps (docs/fhir.md "Observation"). */
export interface FollowUpsOfEachKind {
  /** The 30-day visit: alive, the graft working, echo and NYHA class. */
  alive: FollowUp;
  /** An unscheduled explant of the same graft, for a reason in the physician's words. */
  explant: FollowUp;
  /** An unscheduled death, with another graft. */
  death: FollowUp;
  /** A 30-day visit marked lost, with a third graft. */
  lost: FollowUp;
}

/** Physician A records one follow-up of each kind on `day` (today), on fresh grafts of bank X. */
export async function followUpsOfEachKind(app: SeededApp, day: string): Promise<FollowUpsOfEachKind> {
  const { physicianA } = app.clients;
  const ok = async (answer: Promise<Response>) => {
    const response = await answer;
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as FollowUp;
  };
  const alive = await ok(physicianA.put(`/api/physician/followups/${await dueFollowUpOfA(app, day)}`, wellOn(day)));
  const explant = await ok(
    physicianA.post('/api/physician/followups', {
      lot: alive.lot,
      date: day,
      patientStatus: 'alive',
      graftStatus: 'explanted',
      explantDate: day,
      explantReason: 'other',
      explantReasonText: 'Conduit outgrown',
    }),
  );
  const { lot } = await implantedRequest(app, day);
  const death = await ok(
    physicianA.post('/api/physician/followups', {
      lot,
      date: day,
      patientStatus: 'died',
      deathDate: day,
      deathCause: 'non-cardiac',
      graftStatus: 'functioning',
    }),
  );
  const lost = await ok(
    physicianA.post(`/api/physician/followups/${await dueFollowUpOfA(app, day)}/lost`, {
      reason: 'Moved abroad; no contact since.',
    }),
  );
  return { alive, explant, death, lost };
}
