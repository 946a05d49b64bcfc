import { describe, expect, it } from 'vitest';
import { testEngineName } from '../../test/support/database';
import { migrationStory } from '../../test/support/migration-story';
import { recordAudit } from '../modules/audit/audit.service';

// Documents filed before each kind had its own (docs/decisions.md, "Records"): the SAR notification
// PDF lay among the release statements, traceability reports among the delivery notes, and a document
// made again was "name (2).pdf" beside the first. The migration moves them to their kinds, marks what
// the app generated (by its audit rows) and makes a document made again the next version of the one before.

const MIGRATION = '2026-12-02-document-records';
const AT = '2026-11-20T08:00:00.000Z';

describe(`documents filed before kinds and versions (${testEngineName()})`, () => {
  const story = migrationStory(MIGRATION);

  it('moves the SAR PDF and the traceability reports to their kinds, and chains a document made again', async () => {
    const db = await story.before();

    await db
      .insertInto('eutes')
      .values({ id: 'bank', euteNumber: 'DE000777', name: 'Gewebebank', createdAt: AT, updatedAt: AT })
      .execute();
    await db
      .insertInto('grafts')
      .values({ id: 'graft', eLot: 'L-1', tProdName2: 5, euteId: 'bank', createdAt: AT, updatedAt: AT })
      .execute();
    let minute = 0;
    const file = async (id: string, kind: string, name: string, generated: boolean) => {
      minute += 1;
      const createdAt = `2026-11-20T08:${String(minute).padStart(2, '0')}:00.000Z`;
      // Written as the code of before wrote them: no version columns yet.
      await db
        .insertInto('graftFiles')
        .values({
          id,
          graftId: 'graft',
          kind,
          name,
          size: 10,
          contentType: 'application/pdf',
          storageKey: `${kind}/${id}`,
          createdAt,
        } as never)
        .execute();
      if (generated) {
        await recordAudit(db, {
          actorUserId: null,
          action: 'graft.file.generate',
          targetType: 'graftFile',
          targetId: id,
          after: { lot: 'L-1', kind, name },
          ip: null,
          at: new Date(createdAt),
        });
      }
    };
    await file('sar', 'releaseStatements', 'SAR_V-2026-001_part_A.pdf', true);
    await file('statement', 'releaseStatements', 'Freigabe.pdf', false);
    await file('report', 'deliveryNotes', 'Traceability_report_L-1.pdf', true);
    await file('note', 'deliveryNotes', 'Delivery_note_L-1.pdf', true);
    await file('scan', 'deliveryNotes', 'Traceability_report_scan.pdf', false);
    await file('report2', 'deliveryNotes', 'Traceability_report_L-1 (2).pdf', true);

    expect(await story.migrate()).toContain(MIGRATION);
    const rows = await db
      .selectFrom('graftFiles')
      .select(['id', 'kind', 'name', 'generated', 'version', 'supersedesId', 'reason'])
      .orderBy('id')
      .execute();
    const row = (id: string) => rows.find((candidate) => candidate.id === id);
    expect(row('sar')).toMatchObject({ kind: 'vigilanceReports', generated: 1, version: 1, supersedesId: null });
    expect(row('report')).toMatchObject({ kind: 'traceabilityReports', generated: 1, version: 1, supersedesId: null });
    expect(row('report2')).toMatchObject({
      kind: 'traceabilityReports',
      generated: 1,
      version: 2,
      supersedesId: 'report',
    });
    expect(row('report2')?.reason).toBeNull();
    // A generated delivery note stays a delivery note; uploads stay where their users put them.
    expect(row('note')).toMatchObject({ kind: 'deliveryNotes', generated: 1, version: 1 });
    expect(row('statement')).toMatchObject({ kind: 'releaseStatements', generated: 0, version: 1 });
    expect(row('scan')).toMatchObject({ kind: 'deliveryNotes', generated: 0, version: 1 });

    // The kind's check constraint takes the new kinds, and a version is superseded at most once.
    const insert = (id: string, supersedesId: string) =>
      db
        .insertInto('graftFiles')
        .values({
          id,
          graftId: 'graft',
          kind: 'traceabilityReports',
          name: `${id}.pdf`,
          size: 1,
          contentType: 'application/pdf',
          storageKey: `traceabilityReports/${id}`,
          createdAt: AT,
          version: 3,
          supersedesId,
          reason: 'corrected date',
        })
        .execute();
    // The table's triggers stay: a file written bumps the cached answers' version (SQLite built it again).
    const version = () => db.selectFrom('dataVersions').select('graftData').executeTakeFirstOrThrow();
    const before = Number((await version()).graftData);
    await insert('report3', 'report2');
    expect(Number((await version()).graftData)).toBeGreaterThan(before);
    await expect(insert('report3b', 'report2')).rejects.toThrow();
  });
});
