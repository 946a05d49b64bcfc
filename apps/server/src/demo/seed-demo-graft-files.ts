import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fullName, shiftDate } from '@graftmatch/domain';
import { graftRowToGraft } from '../modules/grafts/grafts.mapper';
import { rowToFields } from '../modules/imports/imports.columns';
import { writeCsv } from '../modules/imports/imports.write';
import { DEMO_DIR } from '../paths';
import { DEMO_ACCOUNTS, DEMO_CLINICS, DEMO_EUTES, DEMO_SEED, type DemoEute } from './seed-demo-data';
import { buildDemoGrafts, type SeededClinic, type SeededEute } from './seed-demo-grafts';
import { demoRandom, mulberry32 } from './seed-demo-random';
import type { GraftRow } from '../db/types';

// The demo grafts as files in the import's formats (docs/import.md "Demo data"): a CSV for the
// north bank and a JSON in the API's graft shape for the south bank, made once from the demo
// generator with every date placed around a fixed reference day. The demo seed imports them with
// each date moved by the days between that day and its today, so ages and expiries stay as
// realistic as on the reference day. `npm run demo:files --workspace apps/server`
// (scripts/demo-files.ts) writes them again; a test keeps the committed files equal to what this writes.

/** The day the files' dates are placed around (also named in demo/README.md). */
export const DEMO_REFERENCE_DAY = '2026-11-21';

export interface DemoGraftFile {
  eute: DemoEute['key'];
  name: string;
}

export const DEMO_GRAFT_FILES: readonly DemoGraftFile[] = [
  { eute: 'eute1', name: 'grafts-north.csv' },
  { eute: 'eute2', name: 'grafts-south.json' },
];

/**
 * The demo grafts as the generator makes them on the reference day. The seed's random stream
 * first draws the clinics', banks' and accounts' ids, so the same draws come first here.
 */
export function demoGraftRows(): { eute: DemoEute; rows: GraftRow[] }[] {
  const random = demoRandom(mulberry32(DEMO_SEED));
  const clinicIds = new Map(DEMO_CLINICS.map((clinic) => [clinic.key, random.uuid()]));
  const eutes: SeededEute[] = DEMO_EUTES.map((data) => ({ id: random.uuid(), data }));
  DEMO_ACCOUNTS.forEach(() => random.uuid());
  const clinics: SeededClinic[] = DEMO_ACCOUNTS.flatMap((account) => {
    const clinic = DEMO_CLINICS.find((candidate) => candidate.key === account.clinic);
    if (!clinic) {
      return [];
    }
    const physician = { name: fullName(account), email: account.email, phone: account.phone };
    return [{ id: clinicIds.get(clinic.key) ?? '', cName: clinic.cName, physician }];
  });
  const grafts = buildDemoGrafts({ random, today: DEMO_REFERENCE_DAY, eutes, clinics }) as GraftRow[];
  return eutes.map(({ id, data }) => ({ eute: data, rows: grafts.filter((graft) => graft.euteId === id) }));
}

function fileContent(file: DemoGraftFile, eute: DemoEute, rows: readonly GraftRow[]): Buffer {
  const bank = eute.euteNumber;
  if (file.name.endsWith('.json')) {
    // The bank by its EUTE number rather than the id the export writes, since ids are the database's own.
    const grafts = rows.map((row) => ({ ...graftRowToGraft(row, undefined, DEMO_REFERENCE_DAY), e_Eute: bank }));
    return Buffer.from(`${JSON.stringify(grafts, null, 2)}\n`, 'utf8');
  }
  return writeCsv(rows.map((row) => ({ ...rowToFields(row), e_Eute: bank })));
}

/** Each demo file's name and content, as `npm run demo:files` writes them. */
export function buildDemoGraftFiles(): Map<string, Buffer> {
  const byBank = new Map(demoGraftRows().map(({ eute, rows }) => [eute.key, { eute, rows }]));
  return new Map(
    DEMO_GRAFT_FILES.map((file) => {
      const bank = byBank.get(file.eute);
      if (!bank) {
        throw new Error(`no demo bank ${file.eute}`);
      }
      return [file.name, fileContent(file, bank.eute, bank.rows)];
    }),
  );
}

/** Whole days from `from` to `to` (both `yyyy-mm-dd`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const ISO_DATE = /(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\d-])/g;
// The expiry `yyyymmdd` closing a Single European Code (docs/import.md, `x_SEC`).
const SEC_EXPIRY = /(\b[A-Z]{2}[A-Z0-9]{6} [A-Z0-9]{13} [EAB][A-Z0-9]{7} [A-Z0-9]{3} )(\d{4})(\d{2})(\d{2})\b/g;

/** Moves every date in a demo file's text by `days`: `yyyy-mm-dd` anywhere, and each SEC's expiry. */
export function shiftDemoDates(text: string, days: number): string {
  if (days === 0) {
    return text;
  }
  return text
    .replace(ISO_DATE, (date: string) => shiftDate(date, days))
    .replace(SEC_EXPIRY, (_match, code: string, year: string, month: string, day: string) => {
      return `${code}${shiftDate(`${year}-${month}-${day}`, days).replaceAll('-', '')}`;
    });
}

/** A demo file as the seed imports it on `today`: read from demo/ and moved from the reference day. */
export async function readDemoGraftFile(file: DemoGraftFile, today: string): Promise<Buffer> {
  const text = await readFile(path.join(DEMO_DIR, file.name), 'utf8');
  return Buffer.from(shiftDemoDates(text, daysBetween(DEMO_REFERENCE_DAY, today)), 'utf8');
}
