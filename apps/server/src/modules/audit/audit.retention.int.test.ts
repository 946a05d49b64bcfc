import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuditChainReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSeededApp, type SeededApp, clinicalToday } from '../../../test/support/clinical';
import { implantedRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';

// Retention (docs/security.md, "Tamper-evident audit log"): traceability data is kept for decades, so
// deactivating a user, a clinic or a bank only switches them off. Every audit row, request and graft
// stays as it was, and the chain still verifies; no code deletes audit or traceability rows.

const SRC = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe(`retention of audit and traceability rows (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  const snapshot = async () => {
    const db = app.server.database.db;
    const [audit, requests, grafts] = await Promise.all([
      db.selectFrom('auditLog').select(['id', 'hash']).orderBy('seq').execute(),
      db.selectFrom('graftRequests').selectAll().orderBy('id').execute(),
      db.selectFrom('grafts').select(['id', 'eLot', 'clinicId', 'euteId']).orderBy('id').execute(),
    ]);
    return { audit, requests, grafts };
  };

  test('deactivating a user, a clinic and a bank keeps every audit row, request and graft, and the chain verifies', async () => {
    const implanted = await implantedRequest(app, clinicalToday());
    const before = await snapshot();
    expect(before.requests.some((request) => request.id === implanted.id)).toBe(true);

    const { admin } = app.clients;
    for (const path of [
      `/api/admin/user/deactivate/${app.ids.users.physicianA}`,
      `/api/admin/clinics/deactivate/${app.ids.clinicA}`,
      `/api/admin/eutes/deactivate/${app.ids.euteX}`,
    ]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }

    const after = await snapshot();
    expect(after.requests).toEqual(before.requests);
    expect(after.grafts).toEqual(before.grafts);
    // The old rows unchanged and in place; the deactivations add their own three rows behind them.
    expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);
    expect(after.audit.length).toBe(before.audit.length + 3);

    const report = (await (await app.clients.auditor.get('/api/admin/audit/verify')).json()) as AuditChainReport;
    expect(report).toMatchObject({ ok: true, rows: after.audit.length, failure: null });
  });

  test('no code deletes or changes audit rows, requests or grafts', () => {
    // Kysely's deleteFrom/updateTable of those tables, or the same in SQL text. The migration that chained
    // the rows before the chain existed is the one writer of audit_log rows in place, and ran once.
    const forbidden =
      /deleteFrom\(\s*['"](auditLog|auditCheckpoints|graftRequests|grafts)['"]|updateTable\(\s*['"](auditLog|auditCheckpoints)['"]|delete\s+from\s+"?(audit_log|audit_checkpoints|graft_requests|grafts)\b|update\s+"?(audit_log|audit_checkpoints)\b/i;
    const offenders = sourceFiles(SRC)
      .filter((path) => !relative(SRC, path).startsWith(join('db', 'migrations')))
      .filter((path) => forbidden.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
    // The pattern does find such a line, so an empty list means something.
    expect(forbidden.test("await trx.deleteFrom('auditLog').execute();")).toBe(true);
  });
});
