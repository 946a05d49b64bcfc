import { completeFollowUpRecord } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { aFollowUp } from '../../../test/support/fhir-rows';
import { followUpToObservation } from './fhir.observation';

const REFS = { graftId: 'c0ffee00-0000-4000-8000-000000000001', clinicId: '8a0f4b2e-1111-4a5b-9c8d-7e6f5a4b3c2d' };

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
