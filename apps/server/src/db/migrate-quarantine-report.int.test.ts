import { describe, expect, it } from 'vitest';
import { testEngineName } from '../../test/support/database';
import { migrationStory } from '../../test/support/migration-story';

// Grafts quarantined before each recorded its report are linked by migration (docs/decisions.md
// "Quarantine"): to the quarantine in force whose list names them, else to the quarantine in force
// of their donation, whose emptied list is written anew. A graft whose donation's quarantine was
// lifted stays unlinked, for the admin's release (docs/operations.md "Grafts left in quarantine").

const MIGRATION = '2026-12-01-quarantine-report';
const AT = '2026-11-30T08:00:00.000Z';
const sec = (donation: string, split: string) => `DE000123 ${donation} E0042105 ${split} 20300120`;

describe(`the report of grafts quarantined before (${testEngineName()})`, () => {
  const story = migrationStory(MIGRATION);

  it('links listed grafts, then the rest of a donation in quarantine, and leaves those of a lifted one', async () => {
    const db = await story.before();
    await db
      .insertInto('eutes')
      .values({ id: 'bank-north', euteNumber: 'DE000123', name: 'Bank North', createdAt: AT, updatedAt: AT })
      .execute();
    const graft = (eLot: string, xSec: string, quarantined: 0 | 1) => ({
      id: `graft-${eLot}`,
      eLot,
      tProdName2: 5,
      xSec,
      euteId: 'bank-north',
      listStatus: 0 as const,
      quarantined,
      createdAt: AT,
      updatedAt: AT,
    });
    // Donation 1: its report's list names LISTED; EMPTIED lost its place in the list in the race.
    // Donation 2: the report was lifted, STUCK stayed quarantined. FREE was never quarantined.
    await db
      .insertInto('grafts')
      .values([
        graft('REPORTED', sec('2026000000001', '001'), 0),
        graft('LISTED', sec('2026000000001', '002'), 1),
        graft('EMPTIED', sec('2026000000001', '003'), 1),
        graft('OTHER-REPORTED', sec('2026000000002', '001'), 0),
        graft('STUCK', sec('2026000000002', '002'), 1),
        graft('FREE', sec('2026000000002', '003'), 0),
      ])
      .execute();
    const report = (id: string, graftId: string, lots: string[], liftedAt: string | null) => ({
      id,
      kind: 'SAE' as const,
      state: 'draft' as const,
      reference: `SAE-${id}`,
      graftId,
      euteId: 'bank-north',
      discoveredAt: AT,
      notificationDeadline: AT,
      confirmationDeadline: AT,
      notification: '{}',
      confirmation: '{}',
      quarantinedAt: AT,
      quarantineLots: JSON.stringify(lots),
      quarantineLiftedAt: liftedAt,
      createdAt: AT,
      updatedAt: AT,
    });
    await db
      .insertInto('vigilanceReports')
      .values([
        report('in-force', 'graft-REPORTED', ['LISTED'], null),
        report('lifted', 'graft-OTHER-REPORTED', [], AT),
      ])
      .execute();

    expect(await story.migrate()).toContain(MIGRATION);
    const grafts = await db
      .selectFrom('grafts')
      .select(['eLot', 'quarantined', 'quarantineReportId'])
      .orderBy('eLot')
      .execute();
    expect(grafts).toEqual([
      { eLot: 'EMPTIED', quarantined: 1, quarantineReportId: 'in-force' },
      { eLot: 'FREE', quarantined: 0, quarantineReportId: null },
      { eLot: 'LISTED', quarantined: 1, quarantineReportId: 'in-force' },
      { eLot: 'OTHER-REPORTED', quarantined: 0, quarantineReportId: null },
      { eLot: 'REPORTED', quarantined: 0, quarantineReportId: null },
      { eLot: 'STUCK', quarantined: 1, quarantineReportId: null },
    ]);
    const lists = await db.selectFrom('vigilanceReports').select(['id', 'quarantineLots']).orderBy('id').execute();
    expect(lists).toEqual([
      { id: 'in-force', quarantineLots: JSON.stringify(['EMPTIED', 'LISTED']) },
      { id: 'lifted', quarantineLots: '[]' },
    ]);
  });
});
