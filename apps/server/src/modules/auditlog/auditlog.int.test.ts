import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { AuditLogPage } from '@graftmatch/domain';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';

// The audit log as a person reads it (docs/security.md, "Audit log"): names and LOTs instead of ids,
// sign-ins hidden on request, and the same rows as CSV for an inspection.

describe(`the readable audit log and its export (${testEngineName()})`, () => {
  let app: SeededApp;
  const lot = `AUD-${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    app = await startSeededApp();
    const imported = await uploadImport(app.clients.employeeX, csvFile([graftCells(lot)]));
    expect(imported.status, await imported.clone().text()).toBe(200);
  });

  afterAll(async () => {
    await app?.server.close();
  });

  it("names the actor and the graft's LOT of an import instead of their ids", async () => {
    const page = (await (
      await app.clients.auditor.get('/api/admin/auditlog?action=graft.import.insert&limit=5')
    ).json()) as AuditLogPage;
    const entry = page.items.find((item) => item.targetLot === lot);
    expect(entry).toMatchObject({ targetType: 'graft', targetLabel: lot, actorId: app.ids.users.employeeX });
    expect(entry?.actorName).toMatch(/\S/);
    expect(entry?.actorName).not.toBe(entry?.actorId);
    // The import itself is named by where its rows came from.
    const imports = (await (
      await app.clients.auditor.get('/api/admin/auditlog?action=graft.import&limit=1')
    ).json()) as AuditLogPage;
    expect(imports.items[0]?.targetLabel).toContain('grafts.csv');
  });

  it('hides sign-ins when asked, and only then', async () => {
    const all = (await (await app.clients.admin.get('/api/admin/auditlog?limit=500')).json()) as AuditLogPage;
    expect(all.items.some((item) => item.action === 'auth.login.success')).toBe(true);
    const hidden = (await (
      await app.clients.admin.get('/api/admin/auditlog?limit=500&hideSignIns=true')
    ).json()) as AuditLogPage;
    expect(hidden.total).toBeLessThan(all.total);
    expect(hidden.items.some((item) => item.action.startsWith('auth.login') || item.action === 'auth.logout')).toBe(
      false,
    );
    expect(hidden.items.some((item) => item.action === 'graft.import.insert')).toBe(true);
  });

  it("exports the filtered rows as formula-safe CSV in the caller's language", async () => {
    const { admin } = app.clients;
    const formula = '=HYPERLINK("http://evil.example","x")';
    expect((await admin.post('/api/admin/clinics/add', { c_Name: formula })).status).toBe(201);

    const answer = await admin.get('/api/admin/auditlog/export?hideSignIns=true', {
      headers: { 'accept-language': 'de' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await answer.text();
    const rows = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual([
      'Zeit (UTC)',
      'Person',
      'Aktion',
      'Aktionscode',
      'Zieltyp',
      'Ziel',
      'Ziel-ID',
      'Geänderte Felder',
    ]);
    expect(Number(answer.headers.get('x-total-count'))).toBe(rows.length - 1);
    const imported = rows.find((row) => row[3] === 'graft.import.insert' && row[5] === lot);
    expect(imported?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(imported?.[2]).toBe('Graft durch Import hinzugefügt');
    expect(imported?.[7]).toContain(`e_Lot: k. A. → ${lot}`);
    expect(rows.some((row) => row[3]?.startsWith('auth.login'))).toBe(false);
    // A cell a spreadsheet would run as a formula starts with a quote.
    const clinic = rows.find((row) => row[3] === 'clinic.add');
    expect(clinic?.[5]).toBe(`'${formula}`);
    expect(rows.flat().some((cell) => /^[=+\-@]/.test(cell))).toBe(false);

    const filtered = await admin.get(`/api/admin/auditlog/export?action=clinic.add`);
    const english = parse((await filtered.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(english[0]?.[0]).toBe('Time (UTC)');
    expect(new Set(english.slice(1).map((row) => row[3]))).toEqual(new Set(['clinic.add']));
  });

  it("refuses an unreadable filter with a problem in the caller's language", async () => {
    const answer = await app.clients.admin.get('/api/admin/auditlog/export?from=yesterday', {
      headers: { 'accept-language': 'de' },
    });
    expect(answer.status).toBe(400);
    const problem = (await answer.json()) as { title: string };
    expect(problem.title).toBe('Ungültige Anfrage');
  });
});
