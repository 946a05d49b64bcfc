import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/clinical';
import { testEngineName } from '../support/database';
import { csvFile, graftCells } from '../support/imports';
import { createFaultStorage, type FaultStorage } from './engine';
import { loginDemoUser, startFaultServer, type Admin, type FaultServer } from './fault-server';

// Quarantines of one vigilance report at the same moment (docs/decisions.md "Quarantine"): on
// PostgreSQL two real server processes on one database, the calls of each trial spread over both;
// on SQLite the one process. A donation of bank North: a demo graft assigned to a clinic and three
// Free grafts of the same donation imported beside it. Ten trials each of 2 and of 5 calls at once:
// exactly one 200 and the rest 409, one audit row, one notification and one mail per physician of
// the clinic, and the lift (also called twice at once) releases every graft the quarantine took.

interface Held {
  e_lot: string;
  x_sec: string;
  t_prod_name_2: number;
  clinic_id: string;
}

const TRIALS = 10;
const SHARED_SECRET = { JWT_SECRET: 'parallel-quarantines-share-this-secret-0123456789' };

describe(`fault: parallel quarantines of one report (${testEngineName()})`, () => {
  let storage: FaultStorage;
  const servers: FaultServer[] = [];
  const folders: string[] = [];
  let bank: Admin;
  let reportId = '';
  let reference = '';
  let held: Held;
  const siblings: string[] = [];
  let physicians: { id: string; email: string }[] = [];

  const tempFolder = (prefix: string) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(folder);
    return folder;
  };
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

  beforeAll(async () => {
    storage = await createFaultStorage();
    const env = { ...storage.env, ...SHARED_SECRET };
    // The first instance seeds the demo data into the empty database (`serve --demo`).
    servers.push(await startFaultServer(env));
    if (storage.engine === 'postgres') {
      // The second instance has a data folder of its own that shares the files folder (as several
      // instances must) and the outbox, so that every PIN is found in one place.
      const dataB = tempFolder('graftmatch-quarantine-b-');
      for (const shared of ['files', 'outbox']) {
        mkdirSync(path.join(storage.dataDir, shared), { recursive: true });
        symlinkSync(path.join(storage.dataDir, shared), path.join(dataB, shared));
      }
      servers.push(await startFaultServer({ ...env, DATA_DIR: dataB }));
    }
    bank = await loginDemoUser(servers[0]!.baseUrl, storage.dataDir, DEMO.employeeX);
    // A graft of bank North assigned to a clinic, with an SEC, that expires well after today.
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    [held] = (await storage.select<Held>(
      `select g.e_lot, g.x_sec, g.t_prod_name_2, g.clinic_id
         from grafts g join eute_members m on m.eute_id = g.eute_id join users u on u.id = m.user_id
        where u.email = ${quote(DEMO.employeeX)} and g.clinic_id is not null and g.x_sec is not null
          and g.expiry_date > ${quote(later)}
        order by g.e_lot limit 1`,
    )) as [Held];
    expect(held).toBeDefined();
    physicians = await storage.select<{ id: string; email: string }>(
      `select u.id, u.email from clinic_members c join users u on u.id = c.user_id
        where c.clinic_id = ${quote(held.clinic_id)} and u.active = 1 order by u.id`,
    );
    expect(physicians.length).toBeGreaterThan(0);
    // Three Free grafts of the same donation (other split numbers), imported by the bank.
    const parts = held.x_sec.split(' ');
    const expiry = (parts[4] ?? '').replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
    const rows = [2, 3, 4].map((split) => {
      const lot = `${held.e_lot}-Q${split}`;
      siblings.push(lot);
      const sec = [...parts.slice(0, 3), String(split).padStart(3, '0'), parts[4]].join(' ');
      return graftCells(lot, { t_ProdName_2: held.t_prod_name_2, x_SEC: sec, 'expiry.outValue': expiry });
    });
    const form = new FormData();
    form.append('file', new Blob([csvFile(rows)]), 'siblings.csv');
    const { 'content-type': _json, ...headers } = bank.headers;
    const imported = await fetch(`${servers[0]!.baseUrl}/api/import/grafts`, { method: 'POST', headers, body: form });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const created = await post(0, '/api/vigilance/reports', { kind: 'SAE', lot: siblings[0] });
    expect(created.status, await created.clone().text()).toBe(201);
    const report = (await created.json()) as { id: string; sae: { notification: { reportIdentification: string } } };
    reportId = report.id;
    reference = report.sae.notification.reportIdentification;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await storage?.dispose();
    for (const folder of folders) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  /** A call through instance `n` (modulo the instances running). */
  function post(n: number, url: string, body: unknown): Promise<Response> {
    const server = servers[n % servers.length]!;
    return fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: bank.headers, body: JSON.stringify(body) });
  }

  /** What a trial counts: quarantine audit rows, each physician's notifications and mails, and the grafts held. */
  async function counts() {
    const [row] = await storage.select<{ audits: string; held: string; quarantined: string }>(
      `select
         (select count(*) from audit_log where target_id = ${quote(reportId)} and action = 'vigilance.quarantine') as audits,
         (select count(*) from grafts where quarantine_report_id = ${quote(reportId)}) as held,
         (select count(*) from grafts where quarantined = 1 and e_lot in (${siblings.map(quote).join(', ')})) as quarantined`,
    );
    const notes = await storage.select<{ user_id: string; n: string }>(
      `select user_id, count(*) as n from notifications
        where kind = 'vigilance' and payload like ${quote(`%${reportId}%`)} group by user_id`,
    );
    const mails = await storage.select<{ recipient: string; n: string }>(
      `select recipient, count(*) as n from mail_outbox where subject like ${quote(`%${reference}%`)} group by recipient`,
    );
    return {
      audits: Number(row?.audits),
      held: Number(row?.held),
      quarantined: Number(row?.quarantined),
      notes: Object.fromEntries(physicians.map((p) => [p.id, Number(notes.find((n) => n.user_id === p.id)?.n ?? 0)])),
      mails: Object.fromEntries(
        physicians.map((p) => [p.email, Number(mails.find((m) => m.recipient === p.email)?.n ?? 0)]),
      ),
    };
  }

  const plusOne = (before: Record<string, number>) =>
    Object.fromEntries(Object.entries(before).map(([key, count]) => [key, count + 1]));

  it(
    `First ${TRIALS} trials of 2, then ${TRIALS} of 5 quarantines at once: each time one 200, one audit row, one notification and one mail per physician; each lift releases every graft`,
    { timeout: 300_000 },
    async () => {
      for (const calls of [2, 5]) {
        for (let trial = 1; trial <= TRIALS; trial++) {
          const story = `${calls} calls at once, trial ${trial}`;
          const before = await counts();
          const answers = await Promise.all(
            Array.from({ length: calls }, (_, n) => post(n, `/api/vigilance/reports/${reportId}/quarantine`, {})),
          );
          const statuses = answers.map((answer) => answer.status).sort();
          expect(statuses, story).toEqual([200, ...Array.from({ length: calls - 1 }, () => 409)]);
          for (const answer of answers) {
            if (answer.status === 409) {
              expect(answer.headers.get('content-type'), story).toMatch(/^application\/problem\+json/);
            }
            await answer.arrayBuffer();
          }
          const after = await counts();
          expect(after.audits, story).toBe(before.audits + 1);
          expect(after.held, story).toBe(siblings.length);
          expect(after.quarantined, story).toBe(siblings.length);
          expect(after.notes, story).toEqual(plusOne(before.notes));
          expect(after.mails, story).toEqual(plusOne(before.mails));

          const lifts = await Promise.all(
            [0, 1].map((n) =>
              post(n, `/api/vigilance/reports/${reportId}/lift-quarantine`, { reason: `Cleared (${story})` }),
            ),
          );
          expect(lifts.map((answer) => answer.status).sort(), story).toEqual([200, 409]);
          await Promise.all(lifts.map((answer) => answer.arrayBuffer()));
          const lifted = await counts();
          expect(lifted.held, story).toBe(0);
          expect(lifted.quarantined, story).toBe(0);
        }
      }
    },
  );
});
