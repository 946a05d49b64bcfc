import { GRAFT_TYPES, formatPatientCode, shiftDate } from '@graftmatch/domain';
import { drawPatient } from './seed-demo-data';
import { timestampOn, type DemoRandom } from './seed-demo-random';
import type { NewWaitingListEntryRow } from '../db/types';

export interface WaitingListPhysician {
  userId: string;
  clinicId: string;
  name: string;
  email: string;
  phone: string;
}

/**
 * Open entries, `perPhysician` each: implant windows in the coming months, search ranges inside
 * the search rules (diameter 5-50 with a span of at most 10, length 10-120, branches 0-100).
 */
export function buildDemoWaitingList(
  physicians: readonly WaitingListPhysician[],
  random: DemoRandom,
  today: string,
  perPhysician = 4,
): NewWaitingListEntryRow[] {
  return physicians.flatMap((physician) =>
    Array.from({ length: perPhysician }, () => {
      const type = random.pick(GRAFT_TYPES);
      const diameterMin = random.int(8, 26);
      const from = shiftDate(today, random.int(14, 120));
      const asked = timestampOn(shiftDate(today, -random.int(1, 60)), random.int(8, 17));
      const patient = drawPatient(random, [2010, 2024]);
      const branchMin = () => (type.bifurcated ? random.int(5, 20) : 0);
      return {
        id: random.uuid(),
        ownerUserId: physician.userId,
        clinicId: physician.clinicId,
        queryType: type.number,
        queryDMin: diameterMin,
        queryDMax: diameterMin + random.int(2, 8),
        queryLMin: random.int(10, 40),
        queryLLMin: branchMin(),
        queryLRMin: branchMin(),
        physicianName: physician.name,
        physicianEmail: physician.email,
        physicianPhone: physician.phone,
        patientCode: formatPatientCode(patient),
        queryIMin: from,
        queryIMax: shiftDate(from, random.int(30, 120)),
        queryTimestamp: asked,
        closedAt: null,
        createdAt: asked,
        updatedAt: asked,
      };
    }),
  );
}
