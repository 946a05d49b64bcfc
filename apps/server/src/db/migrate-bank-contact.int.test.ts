import { describe, expect, it } from 'vitest';
import { testEngineName } from '../../test/support/database';
import { migrationStory } from '../../test/support/migration-story';

// Grafts imported before a graft's bank name and contact came from its bank's record get them by
// migration (docs/import.md "Bank name and contact"), so every graft can be requested by mail.

const MIGRATION = '2026-11-26-import-bank-contact';
const AT = '2026-11-20T08:00:00.000Z';

describe(`the bank name and contact of grafts imported before (${testEngineName()})`, () => {
  const story = migrationStory(MIGRATION);

  it('takes the bank’s record name for a missing or another bank’s name, and its address for a missing contact', async () => {
    const db = await story.before();

    const bank = { name: 'Gewebebank Nord gGmbH', email: 'requests@gewebebank-nord.example' };
    await db
      .insertInto('eutes')
      .values({ id: 'bank-north', euteNumber: 'DE000123', ...bank, createdAt: AT, updatedAt: AT })
      .execute();
    const graft = (eLot: string, eName: string | null, eEmail: string | null) => ({
      id: `graft-${eLot}`,
      eLot,
      tProdName2: 5,
      eName,
      eEmail,
      euteId: 'bank-north',
      createdAt: AT,
      updatedAt: AT,
    });
    await db
      .insertInto('grafts')
      .values([
        graft('EMPTY', null, null),
        graft('OTHER', 'Süddeutsche Gewebebank e.V.', 'lab@gewebebank-nord.example'),
        graft('BLANK', bank.name, ''),
      ])
      .execute();

    expect(await story.migrate()).toContain(MIGRATION);
    const grafts = await db.selectFrom('grafts').select(['eLot', 'eName', 'eEmail']).orderBy('eLot').execute();
    expect(grafts).toEqual([
      { eLot: 'BLANK', eName: bank.name, eEmail: bank.email },
      { eLot: 'EMPTY', eName: bank.name, eEmail: bank.email },
      // A contact of the graft's own stays.
      { eLot: 'OTHER', eName: bank.name, eEmail: 'lab@gewebebank-nord.example' },
    ]);
  });
});
