import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMN_NAMES, type Graft, type ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFingerprint, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { uploadImport } from '../../../test/support/imports';
import { connectPush, type PushClient } from '../../../test/support/push';
import { LARGE_EXPORT_GRAFTS } from './imports.gate';
import { insertGrafts } from './imports.repository';

describe(`exporting a bank's grafts and importing them back (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let listeners: PushClient[] = [];
  const db = () => seeded.server.database.db;
  const graftAuditRows = () =>
    db().selectFrom('auditLog').selectAll().where('targetType', '=', 'graft').orderBy('id').execute();
  const download = async (path: string, client = seeded.clients.employeeX) => {
    const answer = await client.get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+"$/);
    return Buffer.from(await answer.arrayBuffer());
  };
  const sheetRows = async (content: Buffer, sheetIndex = 0) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[sheetIndex]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { rows, sheets: workbook.worksheets.map((sheet) => sheet.name) };
  };

  beforeAll(async () => {
    seeded = await startSeededApp();
    const { clients } = seeded;
    listeners = await Promise.all([clients.employeeX, clients.physicianA, clients.auditor].map((c) => connectPush(c)));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.connection.stop()));
    await seeded.server.close();
  });

  it('the north bank exports CSV, JSON and xlsx, and importing each back changes nothing and tells no one', async () => {
    const { clients, ids, server } = seeded;
    const count = (await db().selectFrom('grafts').select('id').where('euteId', '=', ids.euteX).execute()).length;
    expect(count).toBeGreaterThan(50);

    const csv = await download('/api/euteemployee/export?format=csv');
    const lines = csv
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(IMPORT_COLUMN_NAMES.join(','));
    const json = await download('/api/euteemployee/export?format=json');
    const grafts = JSON.parse(json.toString('utf8')) as Graft[];
    expect(grafts).toHaveLength(count);
    expect(grafts.every((graft) => graft.e_Eute === ids.euteX)).toBe(true);
    const xlsx = await download('/api/euteemployee/export?format=xlsx');
    const { rows } = await sheetRows(xlsx);
    expect(rows[0]).toEqual(IMPORT_COLUMN_NAMES);
    expect(rows).toHaveLength(count + 1);

    const tablesBefore = await dataFingerprint(server);
    const graftAuditBefore = await graftAuditRows();
    for (const [file, format] of [
      [csv, 'csv'],
      [json, 'json'],
      [xlsx, 'xlsx'],
    ] as const) {
      const answer = await uploadImport(clients.employeeX, file);
      const result = (await answer.json()) as ImportResult;
      expect(result, format).toMatchObject({
        importType: format,
        summary: { rows: count, inserted: 0, updated: 0, unchanged: count, failed: 0 },
        errors: [],
      });
    }
    const { auditLog: _after, ...tablesAfter } = await dataFingerprint(server);
    const { auditLog: _before, ...tablesBeforeWithoutAudit } = tablesBefore;
    expect(tablesAfter).toEqual(tablesBeforeWithoutAudit);
    expect(await graftAuditRows()).toEqual(graftAuditBefore);

    // No event for an import that changed nothing: the admin's test alert, sent after, is the first thing each hears.
    await clients.admin.post('/api/admin/testR', { message: 'after the unchanged imports' });
    for (const listener of listeners) {
      await listener.next('testR');
      // The test alert's own notification may follow it; nothing came before it.
      expect(listener.received.map((message) => message.event)[0]).toBe('testR');
    }
  });

  it('employees export their own bank only; admins and auditors name any bank; physicians may not', async () => {
    const { clients, ids } = seeded;
    await expectProblem(await clients.employeeX.get(`/api/euteemployee/export?bank=${ids.euteY}`), 403);
    await expectProblem(await clients.employeeX.get('/api/euteemployee/export?bank=DE000456'), 403);
    await expectProblem(await clients.employeeX.get('/api/euteemployee/export?format=pdf'), 400);
    await expectProblem(await clients.admin.get('/api/euteemployee/export'), 400);
    await expectProblem(await clients.admin.get('/api/euteemployee/export?bank=NO-SUCH-BANK'), 404);
    await expectProblem(await clients.physicianA.get('/api/euteemployee/export'), 403);
    await expectProblem(await clients.anonymous.get('/api/euteemployee/export'), 401);

    const south = await download('/api/euteemployee/export?format=json&bank=DE000456', clients.admin);
    const southGrafts = JSON.parse(south.toString('utf8')) as Graft[];
    expect(southGrafts.length).toBeGreaterThan(0);
    expect(southGrafts.every((graft) => graft.e_Eute === ids.euteY)).toBe(true);
    const audited = await download(`/api/euteemployee/export?format=csv&bank=${ids.euteY}`, clients.auditor);
    expect(audited.toString('utf8').trim().split('\r\n')).toHaveLength(southGrafts.length + 1);
  });

  it(
    'a bank of 5,000 grafts exports one at a time: a second large export meanwhile answers 503 with Retry-After, a small one runs, and a client that leaves gives the turn back',
    { timeout: 120_000 },
    async () => {
      const { clients, ids } = seeded;
      const [model] = await db().selectFrom('grafts').selectAll().where('euteId', '=', ids.euteY).limit(1).execute();
      const have = (await db().selectFrom('grafts').select('id').where('euteId', '=', ids.euteY).execute()).length;
      const extra = Array.from({ length: LARGE_EXPORT_GRAFTS - have }, (_, n) => ({
        ...model!,
        id: randomUUID(),
        eLot: `LARGE-EXPORT-${String(n).padStart(5, '0')}`,
        xLot: `LARGE-EXPORT-X-${n}`,
        // Long random remarks make the export (about 55 MB) outgrow what the connection buffers
        // (up to 32 MB received ahead on loopback here), so the unread export stays open.
        dRemarksPublic: randomBytes(6000).toString('base64'),
      }));
      await insertGrafts(db(), extra);

      // The first reader takes the first bytes and then reads no more: the export waits for it, holding the turn.
      const first = await clients.admin.get(`/api/euteemployee/export?format=json&bank=${ids.euteY}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(first.status).toBe(200);
      const reader = first.body!.getReader();
      expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);

      const second = await clients.auditor.get(`/api/euteemployee/export?format=csv&bank=${ids.euteY}`);
      expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await expectProblem(second, 503)).detail).toMatch(/Another large export is running/);
      const small = await clients.employeeX.get('/api/euteemployee/export?format=json');
      expect(small.status).toBe(200);
      await small.arrayBuffer();

      // The first client leaves; the next large export gets the turn and is whole.
      await reader.cancel();
      const next = await clients.auditor.get(`/api/euteemployee/export?format=csv&bank=${ids.euteY}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(next.status).toBe(200);
      const lines = (await next.text()).trim().split('\r\n');
      expect(lines).toHaveLength(LARGE_EXPORT_GRAFTS + 1);
      expect(lines.at(-1)).toMatch(/^LARGE-EXPORT-04/);
    },
  );

  it('the template is the header row (xlsx: plus a sheet describing each column), for those who import', async () => {
    const { clients } = seeded;
    const csv = await download('/api/import/template?format=csv');
    expect(csv.toString('utf8')).toBe(`\uFEFF${IMPORT_COLUMN_NAMES.join(',')}\r\n`);
    const xlsx = await download('/api/import/template?format=xlsx', clients.admin);
    const { rows, sheets } = await sheetRows(xlsx);
    expect(sheets).toEqual(['Grafts', 'Columns']);
    expect(rows).toEqual([IMPORT_COLUMN_NAMES]);
    const columns = await sheetRows(xlsx, 1);
    expect(columns.rows[0]).toEqual(['column', 'kind', 'unit', 'minimum', 'maximum', 'max length', 'example']);
    expect(columns.rows).toContainEqual(['t_Dproximal', 'mm', 'mm', 5, 50, '', '22.5']);

    // The empty template is a valid file with no rows: an import of it takes nothing.
    const empty = (await (await uploadImport(clients.employeeX, csv)).json()) as ImportResult;
    expect(empty.summary).toEqual({ rows: 0, inserted: 0, updated: 0, unchanged: 0, failed: 0 });
    await expectProblem(await clients.physicianA.get('/api/import/template'), 403);
    // The auditor reads it, as every read (docs/api.md, "Roles").
    expect((await clients.auditor.get('/api/import/template')).status).toBe(200);
  });

  it('the example files of docs/import.md read without an error', async () => {
    for (const name of ['import-grafts.csv', 'import-grafts.json']) {
      const content = readFileSync(new URL(`../../../../../docs/examples/${name}`, import.meta.url));
      const answer = await uploadImport(seeded.clients.employeeX, content, { dryRun: 'true' });
      expect(await answer.json(), name).toMatchObject({ summary: { rows: 2, inserted: 2, failed: 0 }, errors: [] });
    }
  });
});
