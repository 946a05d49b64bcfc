import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepStaleSpools } from './imports.upload';

// A server killed during an import leaves its spooled upload behind; the next start removes it.
describe('sweepStaleSpools', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'graftmatch-spools-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('removes spooled imports older than an hour and nothing else', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    const files = { stale: 'graftmatch-import-stale', fresh: 'graftmatch-import-fresh', other: 'other-old' };
    for (const name of Object.values(files)) {
      writeFileSync(path.join(folder, name), 'e_Lot\n');
    }
    utimesSync(path.join(folder, files.stale), hoursAgo(2), hoursAgo(2));
    utimesSync(path.join(folder, files.other), hoursAgo(2), hoursAgo(2));
    expect(await sweepStaleSpools(folder)).toBe(1);
    expect(readdirSync(folder).sort()).toEqual([files.fresh, files.other].sort());
  });
});
