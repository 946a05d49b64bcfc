import { StepStatus, followUpSchedule } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { testEngineName } from '../../test/support/database';
import { migrationStory } from '../../test/support/migration-story';
import type { NewGraftRow } from './types';

// Implantations recorded before follow-ups existed get their schedule from the migration
// (docs/decisions.md "Follow-ups"): a request's implantation with its patient code, a graft whose
// bank recorded the implantation at a clinic (the demo's) with the code of its patient fields, and
// nothing for a graft implanted nowhere known or on no readable day.

const MIGRATION = '2026-12-04-followups';
const AT = '2026-11-30T08:00:00.000Z';

describe(`the follow-ups of implantations recorded before (${testEngineName()})`, () => {
  const story = migrationStory(MIGRATION);

  it('schedules each implantation once, from its day, as open follow-ups', async () => {
    const db = await story.before();
    await db.insertInto('eutes').values({ id: 'bank', name: 'Bank North', createdAt: AT, updatedAt: AT }).execute();
    await db.insertInto('clinics').values({ id: 'clinic', cName: 'Clinic A', createdAt: AT, updatedAt: AT }).execute();
    await db
      .insertInto('users')
      .values({
        id: 'physician',
        email: 'dr@clinic.example',
        firstName: 'Dr',
        lastName: 'A',
        twoFactorTarget: 'dr@clinic.example',
        createdAt: AT,
        updatedAt: AT,
      })
      .execute();
    // Every row names every column: SQLite has no DEFAULT in a multi-row VALUES.
    const graft = (id: string, implanted: Partial<NewGraftRow>): NewGraftRow => ({
      id,
      eLot: id.toUpperCase(),
      tProdName2: 5,
      euteId: 'bank',
      listStatus: 2 as const,
      implantationStatus: StepStatus.Open,
      implantationOut: null,
      clinicId: null,
      patientInitial: null,
      patientMonth: null,
      patientYear: null,
      createdAt: AT,
      updatedAt: AT,
      ...implanted,
    });
    const byBank = { implantationStatus: StepStatus.Done, clinicId: 'clinic' } as const;
    await db
      .insertInto('grafts')
      .values([
        graft('requested', { ...byBank, implantationOut: '2026-05-20', patientInitial: 'Z' }),
        graft('by-bank', {
          ...byBank,
          implantationOut: '2024-02-29T10:00:00Z',
          patientInitial: 'K',
          patientMonth: 3,
          patientYear: 2019,
        }),
        graft('unreadable', { ...byBank, implantationOut: 'see notes' }),
        graft('nowhere', { implantationStatus: StepStatus.Done, implantationOut: '2026-01-01' }),
        graft('free', {}),
      ])
      .execute();
    await db
      .insertInto('graftRequests')
      .values({
        id: 'request',
        graftId: 'requested',
        euteId: 'bank',
        clinicId: 'clinic',
        requesterUserId: 'physician',
        state: 'implanted',
        implantedOn: '2026-05-21',
        patientCode: 'A-03-2021',
        createdAt: AT,
        updatedAt: AT,
      })
      .execute();

    expect(await story.migrate()).toContain(MIGRATION);
    const rows = await db
      .selectFrom('followups')
      .select([
        'graftId',
        'requestId',
        'clinicId',
        'euteId',
        'patientCode',
        'implantedOn',
        'kind',
        'visit',
        'dueOn',
        'state',
      ])
      .orderBy('graftId')
      .orderBy('dueOn')
      .execute();
    const scheduled = (graftId: string, requestId: string | null, patientCode: string, implantedOn: string) =>
      followUpSchedule(implantedOn).map(({ visit, dueOn }) => ({
        graftId,
        requestId,
        clinicId: 'clinic',
        euteId: 'bank',
        patientCode,
        implantedOn,
        kind: 'scheduled',
        visit,
        dueOn,
        state: 'open',
      }));
    // The request's day and code win over the graft's fields; 29 February's anniversaries fall on the 28th.
    expect(rows).toEqual([
      ...scheduled('by-bank', null, 'K-03-2019', '2024-02-29'),
      ...scheduled('requested', 'request', 'A-03-2021', '2026-05-21'),
    ]);
    expect(rows.find((row) => row.graftId === 'by-bank' && row.visit === 'P1Y')?.dueOn).toBe('2025-02-28');
  });
});
