import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKER_FILE } from './folder-marker';
import { createLocalDiskStorage } from './local-disk';
import { describeFileStorageContract } from './storage.contract';
import { sweepStorage } from './sweep';

describeFileStorageContract('local disk', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-storage-'));
  return {
    storage: createLocalDiskStorage(root),
    temporaries: path.join(root, '.tmp'),
    temporaryName: (name) => `.tmp/${name}`,
    reservedKeys: ['.tmp/x', MARKER_FILE],
    dispose: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('local disk storage: the folder marker', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-storage-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is no object: neither listed, nor counted by the sweep, nor removed by it', async () => {
    const storage = createLocalDiskStorage(root);
    writeFileSync(path.join(root, MARKER_FILE), 'marker');
    await storage.put('photos/a', Buffer.from('a'));
    const result = await sweepStorage(
      storage,
      { referencedKeys: async () => new Set(['photos/a']), ownerOf: () => null },
      pino({ level: 'silent' }),
      { now: new Date(Date.now() + 1000), graceMs: 0 },
    );
    expect(result).toEqual({ temporaries: [], missing: [], unreferenced: [] });
    expect(readdirSync(root)).toContain(MARKER_FILE);
  });
});
