import type { ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAfterAnswer } from '../../http/after-answer';
import { DEMO, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { outboxSettled, startSmtpSink, type SmtpSink } from '../../../test/support/mail';
import { entryFor } from '../../../test/support/requests';

// Match mails as digests (docs/import.md "Match alerts"): one mail per physician per import,
// naming every freed graft and every entry of theirs it fits, through a real SMTP peer.

describe(`one match mail per physician and import (${testEngineName()})`, () => {
  let sink: SmtpSink;
  let app: SeededApp;
  const afterAnswer = createAfterAnswer(console);

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSeededApp({
      config: { smtpUrl: sink.url },
      deps: { mailTimings: { pollMs: 200 }, afterAnswer },
    });
    // Only the entries this story adds can match.
    await app.server.database.db.deleteFrom('waitingListEntries').execute();
    // The subjects below are the English ones.
    await app.server.database.db.updateTable('users').set({ language: 'en' }).execute();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
    await sink?.close();
  });

  it('an import of three grafts fitting 50 entries of one physician sends that physician one mail listing all', async () => {
    const { physicianA, physicianB, employeeX } = app.clients;
    const codes = [...'ABCDEFGHIJKLMNOPQRSTUVWXY'].flatMap((initial) => [`${initial}-01-2020`, `${initial}-02-2020`]);
    expect(codes).toHaveLength(50);
    for (const code of codes) {
      await entryFor(physicianA, code, 30);
    }
    await entryFor(physicianB, 'Z-03-2021', 30);
    const lots = ['DIGEST-1', 'DIGEST-2', 'DIGEST-3'];

    const answer = await uploadImport(
      employeeX,
      csvFile(lots.map((lot) => graftCells(lot, { t_Dproximal: 20.5, t_Lmax: 55 }))),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as ImportResult).summary).toMatchObject({ inserted: 3, failed: 0 });
    await afterAnswer.drain();
    await outboxSettled(app.server.database.db);

    const toA = sink.mails.filter((mail) => mail.to.includes(DEMO.physicianA) && /fit/.test(mail.subject));
    expect(toA.map((mail) => mail.subject)).toEqual(['GraftMatch: 3 grafts fit 50 of your waiting-list entries']);
    const [digest] = toA;
    for (const lot of lots) {
      expect(digest?.text).toContain(`graft ${lot}: ${codes.join(', ')}`);
      expect(digest?.text).toContain(`http://localhost:3000/home/clinic/graft/${lot}`);
    }
    const toB = sink.mails.filter((mail) => mail.to.includes(DEMO.physicianB) && /fit/.test(mail.subject));
    expect(toB.map((mail) => mail.subject)).toEqual(['GraftMatch: 3 grafts fit your waiting-list entry']);
    // Each mail went out once.
    for (const mail of [...toA, ...toB]) {
      expect(sink.countOf(mail.messageId)).toBe(1);
    }
  }, 120_000);
});
