import {
  ListStatus,
  isBifurcated,
  isExpired,
  validateWaitingListRequest,
  type GraftTypeNumber,
} from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { verifyPassword } from '../modules/auth/password';
import { rowToFields } from '../modules/imports/imports.columns';
import { seedDemo, type SeedDemoSummary } from './seed-demo';
import { DEMO_PASSWORD } from './seed-demo-data';
import { DEMO_REFERENCE_DAY, daysBetween, demoGraftRows, shiftDemoDates } from './seed-demo-graft-files';
import type { GraftRow } from '../db/types';

// Not the demo files' reference day, so every date of the files is moved (across a year's end).
const TODAY = '2027-03-02';
const SEC_SHAPE = /^[A-Z]{2}[A-Z0-9]{6} [A-Z0-9]{13} E[A-Z0-9]{7} [A-Z0-9]{3} (\d{8})$/;

/** What a reader sees on TODAY: Free or Current past its expiry date counts as Archive. */
function seenStatus(graft: GraftRow): ListStatus | null {
  return graft.listStatus !== null && isExpired(graft.expiryDate, TODAY) ? ListStatus.Archive : graft.listStatus;
}

describe(`demo seed on ${testEngineName()}`, () => {
  let test: TestDatabase;
  let summary: SeedDemoSummary;
  let grafts: GraftRow[];
  beforeAll(async () => {
    test = await createTestDatabase();
    summary = await seedDemo(test.database.db, { today: TODAY });
    grafts = await test.database.db.selectFrom('grafts').selectAll().execute();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('creates the six demo accounts with the known password, their roles and memberships', async () => {
    const db = test.database.db;
    const users = await db.selectFrom('users').selectAll().orderBy('email').execute();
    expect(users.map((user) => user.email)).toEqual([
      'admin@demo.graftmatch.example',
      'auditor@demo.graftmatch.example',
      'bank.north@demo.graftmatch.example',
      'bank.south@demo.graftmatch.example',
      'dr.berg@demo.graftmatch.example',
      'dr.kaya@demo.graftmatch.example',
    ]);
    const byEmail = new Map(users.map((user) => [user.email.split('@')[0], user]));
    expect(byEmail.get('admin')).toMatchObject({ firstName: 'Anna', lastName: 'Admin', admin: 1, audit: 0 });
    expect(byEmail.get('auditor')).toMatchObject({ admin: 0, audit: 1 });
    expect(byEmail.get('dr.berg')).toMatchObject({ title: 'Dr. med.', lastName: 'Berg' });
    for (const user of users) {
      expect(user.twoFactorTarget).toBe(user.email);
      expect(user.active).toBe(1);
    }
    expect(await verifyPassword(users[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);

    const members = await db
      .selectFrom('clinicMembers')
      .innerJoin('users', 'users.id', 'clinicMembers.userId')
      .innerJoin('clinics', 'clinics.id', 'clinicMembers.clinicId')
      .select(['users.email', 'clinics.cName'])
      .execute();
    expect(members).toHaveLength(2);
    expect(new Set(members.map((member) => member.cName)).size).toBe(2);
    const employees = await db.selectFrom('euteMembers').select(['userId', 'euteId']).execute();
    expect(employees).toHaveLength(2);
    expect(new Set(employees.map((employee) => employee.euteId)).size).toBe(2);
    expect(summary).toMatchObject({ users: 6, clinics: 2, eutes: 2, grafts: grafts.length });
  });

  it('creates about 200 grafts of every type in every list status, roughly 55/20/25 %', () => {
    expect(grafts.length).toBeGreaterThanOrEqual(180);
    expect(grafts.length).toBeLessThanOrEqual(220);
    for (let type = 1; type <= 8; type++) {
      for (const status of Object.values(ListStatus)) {
        const found = grafts.some((graft) => graft.tProdName2 === type && seenStatus(graft) === status);
        expect(found, `type ${type}, status ${status}`).toBe(true);
      }
    }
    const share = (status: ListStatus) => grafts.filter((graft) => seenStatus(graft) === status).length / grafts.length;
    expect(share(ListStatus.Free)).toBeCloseTo(0.55, 1);
    expect(share(ListStatus.Current)).toBeCloseTo(0.2, 1);
    expect(share(ListStatus.Archive)).toBeCloseTo(0.25, 1);
    expect(summary.graftsByListStatus).toEqual({
      free: grafts.filter((graft) => seenStatus(graft) === ListStatus.Free).length,
      current: grafts.filter((graft) => seenStatus(graft) === ListStatus.Current).length,
      archive: grafts.filter((graft) => seenStatus(graft) === ListStatus.Archive).length,
    });
  });

  it('keeps process steps, assignment and expiry consistent with each list status', async () => {
    const clinics = new Map(
      (await test.database.db.selectFrom('clinics').selectAll().execute()).map((c) => [c.id, c.cName]),
    );
    for (const graft of grafts) {
      expect(graft.expiryDate).toBe(graft.expiryOut);
      const status = seenStatus(graft);
      expect(status, `${graft.eLot} is in a list`).not.toBeNull();
      if (status === ListStatus.Free) {
        expect(graft).toMatchObject({
          decellularizationStatus: 1,
          releaseStatus: 1,
          assignmentStatus: 0,
          clinicId: null,
        });
      } else if (status === ListStatus.Current) {
        expect(graft).toMatchObject({ releaseStatus: 1, assignmentStatus: 1, implantationStatus: 0 });
        expect(graft.cName).toBe(clinics.get(graft.clinicId ?? ''));
        expect(graft.patientInitial).toMatch(/^[A-Z]$/);
        expect(graft.physicianEmail).toMatch(/@/);
      } else {
        const implanted = graft.implantationStatus === 1 && graft.clinicId !== null;
        const expired = graft.expiryDate !== null && graft.expiryDate < TODAY;
        const failed = graft.decellularizationStatus === 2 && graft.releaseStatus === 0;
        expect(implanted || expired || failed, graft.eLot).toBe(true);
      }
      if (status !== ListStatus.Archive) {
        expect(graft.expiryDate! >= TODAY).toBe(true);
      }
    }
  });

  it('gives plausible sizes, lots and Single European Codes', () => {
    const eLots = new Set(grafts.map((graft) => graft.eLot));
    expect(eLots.size).toBe(grafts.length);
    for (const graft of grafts) {
      expect(graft.eLot).toMatch(/^EB[12]-\d{4}-\d{4}$/);
      expect(graft.tDproximal).toBeGreaterThanOrEqual(5);
      expect(graft.tDproximal).toBeLessThanOrEqual(50);
      expect(graft.tLmin!).toBeLessThanOrEqual(graft.tLmax!);
      expect(graft.tLmax).toBeLessThanOrEqual(120);
      const bifurcated = isBifurcated(graft.tProdName2 as GraftTypeNumber);
      for (const branch of [graft.tLleft, graft.tLright, graft.tDleft, graft.tDright]) {
        expect(branch === null).toBe(!bifurcated);
      }
      if (graft.xSec !== null) {
        const [, expiry] = SEC_SHAPE.exec(graft.xSec) ?? [];
        expect(expiry, graft.xSec).toBe(graft.expiryDate?.replaceAll('-', ''));
      } else {
        expect(graft.decellularizationStatus).toBe(2);
      }
    }
  });

  it('creates open waiting-list entries for both physicians, inside the search rules', async () => {
    const entries = await test.database.db.selectFrom('waitingListEntries').selectAll().execute();
    expect(entries.length).toBeGreaterThanOrEqual(6);
    expect(entries.length).toBeLessThanOrEqual(10);
    expect(new Set(entries.map((entry) => entry.ownerUserId)).size).toBe(2);
    for (const entry of entries) {
      expect(entry.closedAt).toBeNull();
      expect(entry.patientCode).toMatch(/^[A-Z]-(0[1-9]|1[0-2])-\d{4}$/);
      expect(entry.queryIMin > TODAY).toBe(true);
      // The same rules a physician's POST /physician/waitinglist must pass, in request names.
      const request = {
        query_type: entry.queryType as GraftTypeNumber,
        query_d_min: entry.queryDMin,
        query_d_max: entry.queryDMax,
        query_l_min: entry.queryLMin,
        query_l_l_min: entry.queryLLMin,
        query_l_r_min: entry.queryLRMin,
        patient_Code: entry.patientCode,
        query_i_min: entry.queryIMin,
        query_i_Max: entry.queryIMax,
      };
      expect(validateWaitingListRequest(request), JSON.stringify(request)).toEqual([]);
    }
  });

  it('brings the grafts in through the importer: one import log per demo file, with its rows', async () => {
    const db = test.database.db;
    const logs = await db.selectFrom('importLogs').selectAll().orderBy('importSource').execute();
    const eutes = new Map((await db.selectFrom('eutes').selectAll().execute()).map((e) => [e.id, e.euteNumber]));
    const rows = Object.fromEntries(demoGraftRows().map(({ eute, rows }) => [eute.euteNumber, rows.length]));
    expect(
      logs.map((log) => ({
        importer: log.importer,
        importSource: log.importSource,
        importType: log.importType,
        bank: eutes.get(log.euteId ?? ''),
        summary: JSON.parse(log.summary ?? '{}') as unknown,
      })),
    ).toEqual([
      {
        importer: 'system',
        importSource: 'system demo/grafts-north.csv',
        importType: 'csv',
        bank: 'DE000123',
        summary: { rows: rows.DE000123, inserted: rows.DE000123, updated: 0, unchanged: 0, failed: 0 },
      },
      {
        importer: 'system',
        importSource: 'system demo/grafts-south.json',
        importType: 'json',
        bank: 'DE000456',
        summary: { rows: rows.DE000456, inserted: rows.DE000456, updated: 0, unchanged: 0, failed: 0 },
      },
    ]);
    expect(summary.imports).toEqual(
      logs.map((log) => ({ file: log.importSource?.split('/').at(-1), importLogId: log.id, rows: expect.any(Number) })),
    );
    const audits = await db.selectFrom('auditLog').select('action').where('action', 'like', 'graft.import%').execute();
    expect(audits.filter((audit) => audit.action === 'graft.import.insert')).toHaveLength(grafts.length);
    expect(audits.filter((audit) => audit.action === 'graft.import')).toHaveLength(2);
  });

  it('holds exactly the files’ grafts, every date moved from the reference day to today', async () => {
    const days = daysBetween(DEMO_REFERENCE_DAY, TODAY);
    expect(days).toBeGreaterThan(0);
    const move = (value: unknown) => (typeof value === 'string' ? shiftDemoDates(value, days) : value);
    const moveTime = (time: string) => `${shiftDemoDates(time.slice(0, 10), days)}${time.slice(10)}`;
    const clinics = new Map(
      (await test.database.db.selectFrom('clinics').selectAll().execute()).map((c) => [c.id, c.cName]),
    );
    const stored = new Map(grafts.map((graft) => [graft.eLot, graft]));
    const expected = demoGraftRows().flatMap(({ rows }) => rows);
    expect(expected).toHaveLength(grafts.length);
    for (const row of expected) {
      const graft = stored.get(row.eLot);
      expect(graft, row.eLot).toBeDefined();
      expect(rowToFields(graft!)).toEqual(
        Object.fromEntries(Object.entries(rowToFields(row)).map(([k, v]) => [k, move(v)])),
      );
      expect(graft!.listStatus).toBe(row.listStatus);
      expect(graft!.expiryDate).toBe(move(row.expiryDate));
      expect(clinics.get(graft!.clinicId ?? '') ?? null).toBe(row.cName);
      expect([graft!.createdAt, graft!.updatedAt]).toEqual([moveTime(row.createdAt), moveTime(row.updatedAt)]);
    }
  });

  it('refuses to seed a second time, even when forced', async () => {
    await expect(seedDemo(test.database.db, { today: TODAY, force: true })).rejects.toThrow(/already there/);
  });
});

describe(`demo seed into a database with users, on ${testEngineName()}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    const at = '2026-11-20T10:00:00.000Z';
    await test.database.db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'chief@clinic.example',
        firstName: 'Cara',
        lastName: 'Chief',
        twoFactorTarget: 'chief@clinic.example',
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('refuses without force and changes nothing, then seeds when forced', async () => {
    const db = test.database.db;
    await expect(seedDemo(db, { today: TODAY })).rejects.toThrow(/already has 1 user/);
    expect(await db.selectFrom('grafts').select('id').execute()).toHaveLength(0);
    const summary = await seedDemo(db, { today: TODAY, force: true });
    expect(summary.users).toBe(6);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(7);
  });
});
