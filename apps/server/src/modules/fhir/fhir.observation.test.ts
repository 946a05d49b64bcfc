import { completeFollowUpRecord, type FollowUp } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { followUpToObservation } from './fhir.observation';

const REFS = { graftId: 'c0ffee00-0000-4000-8000-000000000001', clinicId: '8a0f4b2e-1111-4a5b-9c8d-7e6f5a4b3c2d' };

function aFollowUp(overrides: Partial<FollowUp> = {}): FollowUp {
  return {
    id: 'f0110000-0000-4000-8000-000000000001',
    lot: 'E-1001',
    t_ProdName_2: 5,
    bankName: 'Demo Tissue Bank',
    clinicName: 'Demo Heart Clinic',
    clinicTimeZone: 'Europe/Berlin',
    patient_Code: 'M-04-2019',
    implantedOn: '2026-04-02',
    kind: 'scheduled',
    visit: 'P1Y',
    dueOn: '2027-04-02',
    opensOn: '2027-03-19',
    state: 'done',
    record: completeFollowUpRecord({
      date: '2027-03-30',
      patientStatus: 'alive',
      graftStatus: 'explanted',
      explantDate: '2027-03-01',
      explantReason: 'other',
      explantReasonText: 'Conduit outgrown',
      peakGradient: 42.5,
      meanGradient: 21,
      regurgitation: 'moderate',
      nyhaClass: 'II',
      thromboembolism: true,
    }),
    recordedAt: '2027-03-30T09:15:00.000Z',
    recordedBy: 'Dr. med. Jonas Berg',
    lostReason: null,
    createdAt: '2026-04-02T12:00:00.000Z',
    updatedAt: '2027-03-30T09:15:00.000Z',
    ...overrides,
  };
}

describe('follow-up → Observation', () => {
  it('matches the golden resources of a recorded and a lost follow-up', async () => {
    const lost = aFollowUp({
      id: 'f0110000-0000-4000-8000-000000000002',
      visit: 'P2Y',
      state: 'lost',
      record: null,
      lostReason: 'Moved abroad; no contact since.',
    });
    await expect(
      JSON.stringify([followUpToObservation(aFollowUp(), REFS), followUpToObservation(lost, REFS)], null, 2),
    ).toMatchFileSnapshot('./golden/observations.json');
  });

  it('leaves out what was not recorded and names an unscheduled event as such', () => {
    const observation = followUpToObservation(
      aFollowUp({
        kind: 'unscheduled',
        visit: null,
        dueOn: null,
        opensOn: null,
        record: completeFollowUpRecord({
          date: '2026-05-01',
          patientStatus: 'died',
          deathDate: '2026-04-30',
          deathCause: 'valve-related',
          graftStatus: 'functioning',
        }),
      }),
      REFS,
    );
    expect(observation.category).toEqual([
      {
        coding: [
          {
            system: 'https://graftmatch.org/fhir/CodeSystem/follow-up-visit',
            code: 'unscheduled',
            display: 'Unscheduled event',
          },
        ],
        text: 'Unscheduled event',
      },
    ]);
    const codes = (observation.component as { code: { coding: { code: string }[] } }[]).map(
      (part) => part.code.coding[0]!.code,
    );
    expect(codes).toEqual([
      'patient-status',
      'death-date',
      'death-cause',
      'graft-status',
      'endocarditis',
      'thromboembolism',
      'major-bleeding',
    ]);
  });
});
