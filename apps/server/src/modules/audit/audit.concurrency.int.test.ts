import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { entryFor, freeGraftOfX, requestGraft } from '../../../test/support/requests';
import { loadAuditSigningKey } from './audit.key';
import { verifyAuditLog } from './audit.verify';

// 50 writers at once over real HTTP (waiting-list adds, graft requests, imports) must leave one
// chain: every seq once, no gap, no two rows on the same previous hash (docs/decisions.md, "Audit chain").
describe(`the audit chain under concurrent writers (${testEngineName()})`, { timeout: 120_000 }, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  }, 120_000);
  afterAll(() => app?.server.close());

  it('stays gap-free and fork-free, and GET /api/admin/audit/verify reports it intact', async () => {
    const { clients } = app;
    const lots = await Promise.all(Array.from({ length: 15 }, () => freeGraftOfX(app)));
    const writes: Promise<unknown>[] = [];
    for (let index = 0; index < 50; index += 1) {
      if (index % 10 < 4) {
        writes.push(entryFor(index % 2 ? clients.physicianA : clients.physicianB, `C-0${(index % 9) + 1}-2020`, 30));
      } else if (index % 10 < 7) {
        writes.push(requestGraft(clients.physicianA, { lot: lots.pop() ?? '', patient_Code: 'A-03-2021' }));
      } else {
        const lot = `CC-${randomUUID().slice(0, 8)}`;
        const file = csvFile([graftCells(`${lot}-1`), graftCells(`${lot}-2`)]);
        writes.push(uploadImport(clients.employeeX, file).then((answer) => expect(answer.status).toBe(200)));
      }
    }
    await Promise.all(writes);

    const db = app.server.database.db;
    const counted = await db
      .selectFrom('auditLog')
      .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.max('seq').as('last')])
      .executeTakeFirstOrThrow();
    expect(Number(counted.last)).toBe(Number(counted.rows));
    const forks = await sql<{
      prevHash: string;
    }>`select prev_hash from audit_log group by prev_hash having count(*) > 1`.execute(db);
    expect(forks.rows).toEqual([]);

    const key = loadAuditSigningKey(app.server.config, { warn: () => undefined });
    expect(await verifyAuditLog(db, { publicKey: key.publicKey })).toMatchObject({
      ok: true,
      rows: Number(counted.rows),
    });
    for (const client of [clients.admin, clients.auditor]) {
      const report = await client.get('/api/admin/audit/verify');
      expect(report.status).toBe(200);
      expect(await report.json()).toMatchObject({
        ok: true,
        rows: Number(counted.rows),
        verifiedUpTo: Number(counted.rows),
        failure: null,
        publicKey: expect.stringMatching(/^localhost:3000\/audit\+[0-9a-f]{8}\+/),
      });
    }
  });
});
