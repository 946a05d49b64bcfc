import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { pdfText } from '../../../test/support/pdf';

describe(`the tissue bank's waiting-list PDF (${testEngineName()})`, () => {
  let app: SeededApp;

  beforeAll(async () => {
    app = await startSeededApp();
  });

  afterAll(async () => {
    await app?.server.close();
  });

  test('an employee downloads the PDF: every open entry is in it, with the header, and the name is WaitingList_<timestamp>.pdf', async () => {
    // First a physician adds one more patient, and removes another, so the list is not just the seed.
    const { physicianA, employeeX } = app.clients;
    const added = await physicianA.post('/api/physician/waitinglist', {
      query_type: 2,
      query_d_min: 12,
      query_d_max: 18,
      query_l_min: 20,
      query_l_l_min: 5,
      query_l_r_min: 5,
      patient_Code: 'Q-07-2019',
      query_i_min: '2031-02-01',
      query_i_Max: '2031-04-01',
    });
    expect(added.status).toBe(201);
    const [removed] = (await (await physicianA.get('/api/physician/waitinglist')).json()) as {
      waitinglistid: string;
      patient_Code: string;
    }[];
    expect((await physicianA.get(`/api/physician/waitinglist/remove/${removed?.waitinglistid}`)).status).toBe(204);

    const before = Date.now();
    const answer = await employeeX.get('/api/euteemployee/waitinglist/download');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const disposition = answer.headers.get('content-disposition') ?? '';
    const match = /^attachment; filename="WaitingList_(\d{8}T\d{6}Z)\.pdf"$/.exec(disposition);
    expect(match, disposition).not.toBeNull();
    const stamp = match?.[1] ?? '';
    const instant = Date.parse(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
    );
    expect(Math.abs(instant - before)).toBeLessThan(60_000);

    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('GraftMatch waiting list');
    expect(text).toContain('Tissue bank: Gewebebank Nord gGmbH');
    expect(text).toMatch(/Generated: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    for (const column of [
      'Patient code',
      'Graft type',
      'Diameter',
      'Lengths',
      'Implant window',
      'Physician',
      'Clinic',
      'Date added',
    ]) {
      expect(text).toContain(column);
    }
    expect(text).toMatch(/Page 1 of \d+/);

    const open = (await (await employeeX.get('/api/euteemployee/waitinglist')).json()) as {
      patient_Code: string;
      waitinglistid: string;
    }[];
    expect(open.length).toBeGreaterThan(0);
    expect(open.map((entry) => entry.waitinglistid)).not.toContain(removed?.waitinglistid);
    for (const entry of open) {
      expect(text).toContain(entry.patient_Code);
    }
    expect(text).toContain('Q-07-2019');
    expect(text).toContain('Pulmonary valve');
    expect(text).toContain('2031-02-01');
    expect(text).toContain('Jonas Berg');
  });

  test('the employee of the other bank gets a PDF headed with their own bank', async () => {
    const text = await pdfText(
      Buffer.from(await (await app.clients.employeeY.get('/api/euteemployee/waitinglist/download')).arrayBuffer()),
    );
    expect(text).toContain('Tissue bank: Süddeutsche Gewebebank e.V.');
  });
});
