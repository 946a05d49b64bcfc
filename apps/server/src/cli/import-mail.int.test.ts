import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatPatientCode, shiftDate, utcDate } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultStorage, type FaultStorage } from '../../test/faults/engine';
import { startFaultServer } from '../../test/faults/fault-server';
import { testEngineName } from '../../test/support/database';
import { csvFile, graftCells } from '../../test/support/imports';
import { pollUntil, startSilentServer, startSmtpSink, type SmtpSink } from '../../test/support/mail';
import { runCli } from '../../test/support/process';
import { createDatabase, type Database } from '../db/database';
import type { NewWaitingListEntryRow } from '../db/types';
import { MATCH_DIGEST_LINES } from '../mail/templates/match-digest';

// `graftmatch import` only queues its match mails (docs/operations.md "Mail"): with SMTP_URL
// pointing at a mail server that takes the connection and never answers, an import of 10,000
// rows fitting 1,000 waiting-list entries still exits at once; a server's worker sends the mails
// later, one per physician for the whole import.

const ENTRIES = 1_000;
const ROWS = 10_000;
// Lengths in hundredths of a millimetre: entry k searches [10 + 0.03k, 10 + 0.03k + 0.02] mm, and
// the grafts meant for it measure 10 + 0.03k + 0.01 mm, so each graft fits exactly one entry.
const diameterOf = (hundredths: number) => (hundredths / 100).toFixed(2);
const entryFrom = (entry: number) => 1_000 + 3 * entry;

interface Physician {
  id: string;
  email: string;
  clinic_id: string;
}

/** Entry k of the story: a distinct patient code, owned by the physicians in turn. */
function entriesFor(physicians: readonly Physician[], today: string): NewWaitingListEntryRow[] {
  const asked = new Date().toISOString();
  return Array.from({ length: ENTRIES }, (_, entry) => {
    const owner = physicians[entry % physicians.length] as Physician;
    return {
      id: `00000000-0000-4000-8000-${String(entry).padStart(12, '0')}`,
      ownerUserId: owner.id,
      clinicId: owner.clinic_id,
      queryType: 5,
      queryDMin: Number(diameterOf(entryFrom(entry))),
      queryDMax: Number(diameterOf(entryFrom(entry) + 2)),
      queryLMin: 20,
      queryLLMin: 0,
      queryLRMin: 0,
      physicianName: null,
      physicianEmail: null,
      physicianPhone: null,
      patientCode: formatPatientCode({
        initial: String.fromCharCode(65 + (entry % 26)),
        month: 1 + (Math.floor(entry / 26) % 12),
        year: 2000 + Math.floor(entry / 312),
      }),
      queryIMin: shiftDate(today, 14),
      queryIMax: shiftDate(today, 120),
      queryTimestamp: asked,
      closedAt: null,
      createdAt: asked,
      updatedAt: asked,
    };
  });
}

/** 10,000 free grafts of the demo bank, row r fitting entry r mod 1,000. */
function importFile(): Buffer {
  return csvFile(
    Array.from({ length: ROWS }, (_, row) =>
      graftCells(`CLI-MAIL-${String(row).padStart(5, '0')}`, {
        e_Eute: 'DE000123',
        t_ProdName_2: 5,
        t_Dproximal: diameterOf(entryFrom(row % ENTRIES) + 1),
        t_Lmin: 30,
        t_Lmax: 40,
        'expiry.outValue': '2099-01-01',
      }),
    ),
  );
}

describe(`graftmatch import with a mail server that never answers (${testEngineName()})`, { timeout: 180_000 }, () => {
  let storage: FaultStorage;
  let database: Database;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let sink: SmtpSink;
  let physicians: Physician[];
  let entries: NewWaitingListEntryRow[];

  beforeAll(async () => {
    storage = await createFaultStorage();
    silent = await startSilentServer();
    sink = await startSmtpSink();
    for (const command of ['migrate', 'seed-demo']) {
      const done = await runCli([command], storage.env, 60_000);
      expect(done.code, done.stderr).toBe(0);
    }
    database =
      storage.engine === 'sqlite'
        ? createDatabase({ engine: 'sqlite', file: path.join(storage.dataDir, 'graftmatch.db') })
        : createDatabase({ engine: 'postgres', url: storage.env.DATABASE_URL as string });
    // Only this story's entries can match; their owners take match mails, in English.
    await database.db.deleteFrom('waitingListEntries').execute();
    physicians = await storage.select<Physician>(
      `select distinct u.id, u.email, m.clinic_id from users u
         join clinic_members m on m.user_id = u.id
         join clinics c on c.id = m.clinic_id
        where u.active = 1 and c.active = 1
        order by u.id`,
    );
    // One clinic per physician, so each entry has one home.
    physicians = physicians.filter((one, index) => physicians.findIndex((other) => other.id === one.id) === index);
    expect(physicians.length).toBeGreaterThan(1);
    await database.db
      .updateTable('users')
      .set({ matchMails: 1, language: 'en' })
      .where(
        'id',
        'in',
        physicians.map((physician) => physician.id),
      )
      .execute();
    entries = entriesFor(physicians, utcDate(new Date()));
    for (let from = 0; from < entries.length; from += 100) {
      await database.db
        .insertInto('waitingListEntries')
        .values(entries.slice(from, from + 100))
        .execute();
    }
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await sink?.close();
    await silent?.close();
    await storage?.dispose();
  });

  it('queues one digest per physician and exits at once; a server sends them later, each once', async () => {
    const file = path.join(storage.dataDir, 'match.csv');
    writeFileSync(file, importFile());

    const done = await runCli(['import', file], { ...storage.env, SMTP_URL: silent.url }, 60_000);
    expect(done.code, done.stdout + done.stderr).toBe(0);
    expect(done.stdout).toContain(`${ROWS} rows, ${ROWS} inserted, 0 updated, 0 unchanged, 0 failed`);
    // The command never speaks to the mail server, so none of its timeouts (30 s) is waited for.
    // How long the command takes is a figure, not a pass mark (docs/performance.md "Imports").
    expect(silent.connections()).toBe(0);
    console.info(`graftmatch import of ${ROWS} rows fitting ${ENTRIES} entries: ${done.elapsedMs} ms`);

    const queued = await storage.select<{ message_id: string; recipient: string; state: string }>(
      `select message_id, recipient, state from mail_outbox where kind = 'match'`,
    );
    expect(queued.map((row) => row.recipient).sort()).toEqual(physicians.map((physician) => physician.email).sort());
    expect(queued.every((row) => row.state === 'queued')).toBe(true);

    // A server with a working mail server sends what the command queued.
    const server = await startFaultServer({ ...storage.env, SMTP_URL: sink.url });
    try {
      const matchIds = new Set(queued.map((row) => row.message_id));
      const arrived = () => sink.mails.filter((mail) => matchIds.has(mail.messageId));
      await pollUntil(
        async () => new Set(arrived().map((mail) => mail.messageId)).size,
        (count) => count === matchIds.size,
        {
          timeoutMs: 60_000,
          everyMs: 100,
        },
      );
      for (const physician of physicians) {
        const own = entries.filter((entry) => entry.ownerUserId === physician.id);
        const mails = arrived().filter((mail) => mail.to.includes(physician.email));
        expect(mails.map((mail) => mail.subject)).toEqual([
          `GraftMatch: ${own.length * (ROWS / ENTRIES)} grafts fit ${own.length} of your waiting-list entries`,
        ]);
        const text = mails[0]?.text ?? '';
        // The physician's first grafts in the file's order are listed each with its entry, the rest counted.
        const ownRows = Array.from({ length: ROWS }, (_, row) => row).filter((row) =>
          own.includes(entries[row % ENTRIES] as NewWaitingListEntryRow),
        );
        const lotOf = (row: number) => `CLI-MAIL-${String(row).padStart(5, '0')}`;
        for (const row of ownRows.slice(0, MATCH_DIGEST_LINES)) {
          expect(text).toContain(`graft ${lotOf(row)}: ${entries[row % ENTRIES]?.patientCode}\n`);
        }
        expect(text).not.toContain(lotOf(ownRows[MATCH_DIGEST_LINES] ?? 0));
        expect(text).toContain(
          `and ${(ownRows.length - MATCH_DIGEST_LINES).toLocaleString('en')} more grafts: your waiting list shows`,
        );
        expect(sink.countOf(mails[0]?.messageId ?? '')).toBe(1);
      }
      // The worker records each delivery right after the mail server took it.
      await pollUntil(
        () => storage.select<{ state: string }>(`select state from mail_outbox where kind = 'match'`),
        (rows) => rows.every((row) => row.state === 'sent'),
        { timeoutMs: 10_000 },
      );
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
