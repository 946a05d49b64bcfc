import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DIR } from '../paths';
import {
  DEMO_GRAFT_FILES,
  DEMO_REFERENCE_DAY,
  buildDemoGraftFiles,
  daysBetween,
  shiftDemoDates,
} from './seed-demo-graft-files';

describe('the demo graft files', () => {
  it('in demo/ are exactly what `npm run demo:files` writes from the generator', () => {
    const built = buildDemoGraftFiles();
    expect([...built.keys()]).toEqual(DEMO_GRAFT_FILES.map((file) => file.name));
    for (const [name, content] of built) {
      const committed = readFileSync(path.join(DEMO_DIR, name));
      expect(committed.equals(content), `${name} differs: run npm run demo:files --workspace apps/server`).toBe(true);
    }
  });

  it('name their reference day in their documentation', () => {
    expect(readFileSync(path.join(DEMO_DIR, 'README.md'), 'utf8')).toContain(`**${DEMO_REFERENCE_DAY}**`);
  });
});

describe('moving the demo dates', () => {
  it('counts whole days, across month and year ends and leap days', () => {
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(0);
    expect(daysBetween('2026-11-21', '2027-03-02')).toBe(101);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  });

  it('moves every yyyy-mm-dd and each SEC expiry, and leaves lots, numbers and codes alone', () => {
    const csv = [
      'e_Lot,x_Lot,t_Lot,x_SEC,a_Allo_Note,decellularization.outValue,expiry.outValue',
      'EB1-2025-0001,PX25-1-0001,TL123456,DE000123 2025123456789 E0042105 001 20281231,Allocated to A on 2026-02-27.,2025-12-31,2028-12-31',
    ].join('\r\n');
    expect(shiftDemoDates(csv, 2)).toBe(
      [
        'e_Lot,x_Lot,t_Lot,x_SEC,a_Allo_Note,decellularization.outValue,expiry.outValue',
        'EB1-2025-0001,PX25-1-0001,TL123456,DE000123 2025123456789 E0042105 001 20290102,Allocated to A on 2026-03-01.,2026-01-02,2029-01-02',
      ].join('\r\n'),
    );
    const json = '{"x_SEC": "DE000456 2021697086150 E0042107 001 20260627", "expiry": {"outValue": "2026-06-27"}}';
    expect(shiftDemoDates(json, -27)).toBe(
      '{"x_SEC": "DE000456 2021697086150 E0042107 001 20260531", "expiry": {"outValue": "2026-05-31"}}',
    );
    expect(shiftDemoDates(csv, 0)).toBe(csv);
  });
});
