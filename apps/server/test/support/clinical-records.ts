import { expect } from 'vitest';
import type { GraftFile, GraftRequest } from '@graftmatch/domain';
import type { SeededApp } from './clinical';
import { DELIVERY, entryFor, freeGraftOfX, packageCode, requestGraft, stepOk, uniquePatientCode } from './requests';

// Requests driven to a recorded step, for the implantation and correction tests (docs/api.md, "Corrections").

/** Physician A's request for a fresh graft of bank X, for an entry of `patientCode`, delivered today. */
export async function deliveredRequest(app: SeededApp, patientCode = uniquePatientCode()) {
  const { physicianA, employeeX } = app.clients;
  const lot = await freeGraftOfX(app);
  const entry = await entryFor(physicianA, patientCode, 30);
  const request = await requestGraft(physicianA, { lot, waitinglistid: entry });
  await stepOk(employeeX, 'euteemployee', request.id, 'reserve');
  await stepOk(physicianA, 'physician', request.id, 'confirm');
  await stepOk(employeeX, 'euteemployee', request.id, 'assign');
  return stepOk(employeeX, 'euteemployee', request.id, 'deliver', DELIVERY);
}

/** A delivered request implanted on `date` for the entry's patient. */
export async function implantedRequest(
  app: SeededApp,
  date: string,
  patientCode = uniquePatientCode(),
): Promise<GraftRequest> {
  const delivered = await deliveredRequest(app, patientCode);
  const implanted = await stepOk(app.clients.physicianA, 'physician', delivered.id, 'implant', {
    date,
    patient_Code: delivered.patient_Code,
    sec: await packageCode(app, delivered.lot),
  });
  expect(implanted.state).toBe('implanted');
  return implanted;
}

/** The graft as physician A reads it in the archive (or current list): steps and filed documents. */
export async function archivedGraft(app: SeededApp, lot: string) {
  const answer = await app.clients.physicianA.get(`/api/physician/archivgrafts`);
  const grafts = (await answer.json()) as {
    e_Lot: string;
    delivery: { status: number; outValue: string | null };
    implantation: { status: number; outValue: string | null };
    traceabilityReport: { status: number; outValue: string | null };
    patient_Initial: string | null;
    deliveryNoteFiles: { name: string }[];
    traceabilityReportFiles: GraftFile[];
  }[];
  return grafts.find((graft) => graft.e_Lot === lot);
}
