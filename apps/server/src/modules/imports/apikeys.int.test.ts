import type { ApiKey, CreateApiKeyResponse, Eute, ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/support/client';
import { expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';

describe(`tissue banks and their API keys (${testEngineName()})`, () => {
  let seeded: SeededApp;
  const db = () => seeded.server.database.db;
  /** A client with no cookie and no token: a bank's lab system, which only has its key. */
  const labSystem = (key: string) => {
    const client = new TestClient(seeded.server.baseUrl);
    const headers = { authorization: `ApiKey ${key}` };
    return {
      upload: (content: Buffer, query: Record<string, string> = {}) =>
        uploadImport(client, content, query, { headers }),
      call: (method: string, path: string) => client.request(method, path, { headers }),
    };
  };
  const createKey = async (euteId: string, label: string) => {
    const answer = await seeded.clients.admin.post(`/api/admin/eutes/${euteId}/apikeys`, { label });
    expect(answer.status).toBe(201);
    return (await answer.json()) as CreateApiKeyResponse;
  };

  beforeAll(async () => {
    seeded = await startSeededApp();
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('an admin adds a tissue bank by name and EUTE number; both must be new, and only admins may', async () => {
    const { clients } = seeded;
    const answer = await clients.admin.post('/api/admin/eutes/add', {
      name: 'Tissue Bank East',
      euteNumber: 'DE000789',
      city: 'Dresden',
    });
    expect(answer.status).toBe(201);
    const bank = (await answer.json()) as Eute;
    expect(bank).toMatchObject({ name: 'Tissue Bank East', euteNumber: 'DE000789', active: true, city: 'Dresden' });
    expect(await db().selectFrom('auditLog').select('action').where('targetId', '=', bank.id).execute()).toEqual([
      { action: 'eute.add' },
    ]);

    await expectProblem(
      await clients.admin.post('/api/admin/eutes/add', { name: 'East 2', euteNumber: 'DE000789' }),
      409,
    );
    await expectProblem(
      await clients.admin.post('/api/admin/eutes/add', { name: 'tissue bank east', euteNumber: 'DE000790' }),
      409,
    );
    await expectProblem(await clients.admin.post('/api/admin/eutes/add', { name: 'No number' }), 400);
    await expectProblem(await clients.auditor.post('/api/admin/eutes/add', { name: 'X', euteNumber: 'X1' }), 403);
    await expectProblem(await clients.employeeX.post('/api/admin/eutes/add', { name: 'X', euteNumber: 'X1' }), 403);

    // The new bank takes an import at once: an admin names it by its number.
    const imported = await uploadImport(clients.admin, csvFile([graftCells('EAST-1')]), { bank: 'DE000789' });
    expect(await imported.json()).toMatchObject({ euteId: bank.id, summary: { inserted: 1 } });
  });

  it('the north bank’s lab system imports with its key, into its own bank only, and every use is audited', async () => {
    const { clients, ids, server } = seeded;
    const created = await createKey(ids.euteX, 'North lab system');
    expect(created.key).toMatch(/^gmk_[A-Za-z0-9_-]{43}$/);
    expect(created.keyPrefix).toBe(created.key.slice(0, 12));

    // Listed without the secret, to admins and auditors only.
    const listed = (await (await clients.auditor.get(`/api/admin/eutes/${ids.euteX}/apikeys`)).json()) as ApiKey[];
    expect(listed).toEqual([{ ...created, key: undefined }].map(({ key: _key, ...rest }) => rest));
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(12));
    await expectProblem(await clients.employeeX.get(`/api/admin/eutes/${ids.euteX}/apikeys`), 403);
    await expectProblem(await clients.auditor.post(`/api/admin/eutes/${ids.euteX}/apikeys`, { label: 'x' }), 403);
    await expectProblem(await clients.admin.get('/api/admin/eutes/00000000-0000-4000-8000-000000000000/apikeys'), 404);

    const lab = labSystem(created.key);
    const answer = await lab.upload(csvFile([graftCells('KEY-1'), graftCells('KEY-2', { t_Dproximal: 18 })]));
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as ImportResult;
    expect(result).toMatchObject({
      euteId: ids.euteX,
      importer: 'API key North lab system',
      summary: { inserted: 2 },
    });
    expect(result.importSource).toMatch(/^api/);

    // Another bank, by the query or by the file's own column, is refused.
    await expectProblem(await lab.upload(csvFile([graftCells('KEY-3')]), { bank: 'DE000456' }), 403);
    await expectProblem(await lab.upload(csvFile([graftCells('KEY-3')]), { bank: ids.euteY }), 403);
    const wrongBank = (await (
      await lab.upload(csvFile([graftCells('KEY-4', { e_Eute: 'DE000456' })]))
    ).json()) as ImportResult;
    expect(wrongBank.errors).toEqual([expect.objectContaining({ field: 'e_Eute' })]);
    expect(await db().selectFrom('grafts').select('eLot').where('eLot', 'in', ['KEY-3', 'KEY-4']).execute()).toEqual(
      [],
    );

    // Any other route, read or write, does not know the key.
    for (const [method, path] of [
      ['GET', '/api/euteemployee/currentdonations'],
      ['GET', '/api/import/logs'],
      ['GET', '/api/file/lastimportlog'],
      ['GET', `/api/admin/eutes/${ids.euteX}/apikeys`],
      ['POST', `/api/admin/eutes/${ids.euteX}/apikeys`],
      ['GET', '/api/users/getmyuser'],
    ]) {
      await expectProblem(await lab.call(method!, path!), 401);
    }

    const uses = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'apikey.use')
      .where('targetId', '=', created.id)
      .execute();
    expect(uses).toHaveLength(4);
    const stored = await db().selectFrom('euteApiKeys').selectAll().where('id', '=', created.id).executeTakeFirst();
    expect(stored?.lastUsedAt).not.toBeNull();
    expect(stored?.keyHash).not.toContain(created.key);

    // The key itself is nowhere: not in the log lines, not in any audit row, not in the key's row.
    const everything = JSON.stringify([
      server.logLines,
      await db().selectFrom('auditLog').selectAll().execute(),
      stored,
    ]);
    expect(everything).not.toContain(created.key);
    expect(everything).not.toContain(created.key.slice(12));
  });

  it('a revoked key is refused at once, and a key of a bank is never taken for another', async () => {
    const { clients, ids } = seeded;
    const north = await createKey(ids.euteX, 'to revoke');
    const south = await createKey(ids.euteY, 'South lab system');
    const revoke = await clients.admin.request('DELETE', `/api/admin/eutes/${ids.euteX}/apikeys/${north.id}`);
    expect(revoke.status).toBe(204);
    await expectProblem(await labSystem(north.key).upload(csvFile([graftCells('REVOKED-1')])), 401);
    const again = await clients.admin.request('DELETE', `/api/admin/eutes/${ids.euteX}/apikeys/${north.id}`);
    expect(again.status).toBe(204);
    // The key's id under another bank is not found: keys are addressed through their bank.
    await expectProblem(
      await clients.admin.request('DELETE', `/api/admin/eutes/${ids.euteY}/apikeys/${north.id}`),
      404,
    );
    await expectProblem(
      await clients.auditor.request('DELETE', `/api/admin/eutes/${ids.euteY}/apikeys/${south.id}`),
      403,
    );

    const listed = (await (await clients.admin.get(`/api/admin/eutes/${ids.euteX}/apikeys`)).json()) as ApiKey[];
    expect(listed.find((key) => key.id === north.id)?.revokedAt).not.toBeNull();

    // A made-up or garbled key is refused the same way.
    const garbled = `${south.key.slice(0, -1)}${south.key.endsWith('A') ? 'B' : 'A'}`;
    await expectProblem(await labSystem(garbled).upload(csvFile([graftCells('FAKE-1')])), 401);
    await expectProblem(await labSystem('gmk_').upload(csvFile([graftCells('FAKE-2')])), 401);
    const southImport = await labSystem(south.key).upload(csvFile([graftCells('SOUTH-KEY-1')]));
    expect(await southImport.json()).toMatchObject({ euteId: ids.euteY, summary: { inserted: 1 } });
  });
});
