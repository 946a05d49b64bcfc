import type { Graft, GraftFile } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectProblem, startSeededApp, type SeededApp, clinicalToday } from '../../../test/support/clinical';
import { implantedRequest } from '../../../test/support/clinical-records';
import { testEngineName } from '../../../test/support/database';
import { uploadFiles } from '../../../test/support/files';
import type { TestClient } from '../../../test/support/client';
import { simplePdf } from '../../demo/demo-files/documents';

// Documents that cannot vanish (docs/decisions.md, "Records"): what GraftMatch generated for a graft,
// and its release statement once it is assigned, are never deleted, by any role. A new version
// supersedes one with a reason; both stay downloadable byte for byte, the newest marked current, and
// both steps are audited. Each document is listed under its own kind.

describe(`documents that cannot vanish (${testEngineName()})`, () => {
  let app: SeededApp;
  let lot: string;
  beforeAll(async () => {
    app = await startSeededApp();
    lot = (await implantedRequest(app, clinicalToday())).lot;
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  const graftOf = async (client: TestClient) => {
    const answer = await client.get(`/api/euteemployee/donationsarchiv`);
    expect(answer.status).toBe(200);
    const graft = ((await answer.json()) as Graft[]).find((candidate) => candidate.e_Lot === lot);
    expect(graft).toBeDefined();
    return graft!;
  };
  const download = async (client: TestClient, type: string, name: string) => {
    const answer = await client.get(`/api/file/getfile/${type}/${encodeURIComponent(name)}?lot=${lot}`);
    expect(answer.status, name).toBe(200);
    return Buffer.from(await answer.arrayBuffer());
  };
  const remove = (client: TestClient, type: string, name: string) =>
    client.request('DELETE', `/api/media/files/${type}/${encodeURIComponent(name)}?lot=${lot}`);
  const supersede = (client: TestClient, name: string, reason: string | null, bytes: Buffer, type = '1') => {
    const form = new FormData();
    form.append('lot', lot);
    form.append('type', type);
    form.append('supersedes', name);
    if (reason !== null) {
      form.append('reason', reason);
    }
    form.append('files', new Blob([bytes]), 'anything.pdf');
    return client.request('POST', '/api/media/uploadfiles', { body: form });
  };

  test('the implanted graft lists its traceability report under its own kind, as a current record', async () => {
    const graft = await graftOf(app.clients.employeeX);
    const report = `Traceability_report_${lot}.pdf`;
    expect(graft.traceabilityReportFiles).toEqual([
      expect.objectContaining({ name: report, version: 1, current: true, record: true, reason: null }),
    ]);
    expect(graft.deliveryNoteFiles.map((file) => file.name)).toEqual([`Delivery_note_${lot}.pdf`]);
    expect(graft.allocationNotificationFiles.every((file: GraftFile) => file.record)).toBe(true);
    expect((await download(app.clients.physicianA, '7', report)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('nobody deletes a generated document: the bank, the physician and the admin get 409 naming the rule', async () => {
    const { employeeX, physicianA, admin, auditor, physicianB } = app.clients;
    const documents: [string, string][] = [
      ['7', `Traceability_report_${lot}.pdf`],
      ['3', `Delivery_note_${lot}.pdf`],
      ['2', `Allocation_note_${lot}.pdf`],
    ];
    for (const [type, name] of documents) {
      for (const client of [employeeX, physicianA, admin, auditor]) {
        const refusal = await expectProblem(await remove(client, type, name), 409);
        expect(refusal.detail).toContain('never deleted');
      }
      // Whoever cannot see the graft learns nothing of it.
      await expectProblem(await remove(physicianB, type, name), 404);
      await download(employeeX, type, name);
    }
    const deletes = await app.server.database.db
      .selectFrom('auditLog')
      .select('id')
      .where('action', '=', 'graft.file.delete')
      .execute();
    expect(deletes).toEqual([]);
  });

  test('the release statement of the assigned graft is superseded with a reason, both versions kept byte for byte', async () => {
    const { employeeX, physicianA, admin } = app.clients;
    const first = await simplePdf('Release statement', ['first'], new Date('2026-11-20T08:00:00Z'));
    const second = await simplePdf('Release statement', ['corrected'], new Date('2026-11-21T08:00:00Z'));
    const uploaded = await uploadFiles(employeeX, lot, '1', [{ name: 'Freigabe.pdf', bytes: first }]);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    await expectProblem(await remove(employeeX, '1', 'Freigabe.pdf'), 409);

    // A reason is required, one file only, and only who may write the graft's files supersedes.
    expect((await expectProblem(await supersede(employeeX, 'Freigabe.pdf', null, second), 400)).errors).toEqual([
      { field: 'reason', message: expect.any(String) },
    ]);
    await expectProblem(await supersede(physicianA, 'Freigabe.pdf', 'wrong batch', second), 403);
    await expectProblem(await supersede(employeeX, 'missing.pdf', 'wrong batch', second), 404);

    const answer = await supersede(employeeX, 'Freigabe.pdf', 'Wrong batch number on page 1', second);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(((await answer.json()) as Graft).releaseStatementFiles).toEqual([
      expect.objectContaining({ name: 'Freigabe.pdf', version: 1, current: false, record: true }),
      expect.objectContaining({
        name: 'Freigabe v2.pdf',
        version: 2,
        current: true,
        record: true,
        reason: 'Wrong batch number on page 1',
      }),
    ]);
    expect((await download(physicianA, '1', 'Freigabe.pdf')).equals(first)).toBe(true);
    expect((await download(physicianA, '1', 'Freigabe v2.pdf')).equals(second)).toBe(true);

    // The old version is superseded once; the new one is a record too.
    await expectProblem(await supersede(admin, 'Freigabe.pdf', 'again', second), 409);
    await expectProblem(await remove(admin, '1', 'Freigabe v2.pdf'), 409);

    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('action', 'in', ['graft.file.upload', 'graft.file.supersede'])
      .where('after', 'like', '%Wrong batch number%')
      .orderBy('seq')
      .execute();
    expect(audit.map((row) => [row.action, JSON.parse(row.after ?? '{}')])).toEqual([
      [
        'graft.file.upload',
        expect.objectContaining({ name: 'Freigabe v2.pdf', version: 2, supersedes: 'Freigabe.pdf' }),
      ],
      ['graft.file.supersede', expect.objectContaining({ supersededBy: 'Freigabe v2.pdf', version: 2 })],
    ]);
  });

  test('nobody uploads a traceability or vigilance report: GraftMatch makes them', async () => {
    const bytes = await simplePdf('Report', ['made by hand'], new Date('2026-11-20T08:00:00Z'));
    for (const type of ['7', '8']) {
      const refusal = await expectProblem(
        await uploadFiles(app.clients.employeeX, lot, type, [{ name: 'report.pdf', bytes }]),
        400,
      );
      expect(refusal.errors).toEqual([{ field: 'type', message: expect.stringContaining('GraftMatch') }]);
    }
  });

  test('a file uploaded before assignment stays deletable', async () => {
    const free = await app.server.database.db
      .selectFrom('grafts')
      .select('eLot')
      .where('euteId', '=', app.ids.euteX)
      .where('listStatus', '=', 0)
      .where('assignmentStatus', '=', 0)
      .executeTakeFirstOrThrow();
    const bytes = await simplePdf('Release statement', ['free'], new Date('2026-11-20T08:00:00Z'));
    expect((await uploadFiles(app.clients.employeeX, free.eLot, '1', [{ name: 'free.pdf', bytes }])).status).toBe(200);
    const deleted = await app.clients.employeeX.request(
      'DELETE',
      `/api/media/files/1/free.pdf?lot=${encodeURIComponent(free.eLot)}`,
    );
    expect(deleted.status, await deleted.clone().text()).toBe(200);
  });
});
