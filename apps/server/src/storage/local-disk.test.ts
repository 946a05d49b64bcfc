import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk';
import { StorageLimitError, StorageNotFoundError, type FileStorage } from './storage';
import { MARKER_FILE } from './folder-marker';
import { sweepStorage } from './sweep';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) {
    keys.push(object.key);
  }
  return keys.sort();
}

describe('local disk storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-storage-'));
    storage = createLocalDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('puts, stats, streams whole and in ranges, and deletes', async () => {
    await storage.put('photos/a', Buffer.from('0123456789'));
    expect(await storage.stat('photos/a')).toMatchObject({ key: 'photos/a', size: 10 });
    expect(await text(await storage.stream('photos/a'))).toBe('0123456789');
    expect(await text(await storage.stream('photos/a', { start: 2, end: 4 }))).toBe('234');
    await storage.delete('photos/a');
    await storage.delete('photos/a');
    expect(await storage.stat('photos/a')).toBeNull();
    await expect(storage.stream('photos/a')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('shows nothing until a staged file is committed, and nothing after a refused one', async () => {
    const staged = await storage.stage(Readable.from([Buffer.from('abc')]));
    expect(await keysOf(storage)).toEqual([]);
    await staged.commit('stl/x');
    expect(await keysOf(storage)).toEqual(['stl/x']);
    await expect(storage.stage(Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), 15)).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.tmp/x', 'a/./b', 'a\\b', MARKER_FILE]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/refuses the key/);
    }
  });

  it('sweeps only temporary files: rows without an object and objects without a row stay, and the log says so', async () => {
    await storage.put('photos/kept', Buffer.from('k'));
    await storage.put('photos/orphan', Buffer.from('o'));
    await storage.put('thumbs/photos/kept.webp', Buffer.from('t'));
    await storage.put('thumbs/photos/orphan.webp', Buffer.from('t'));
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    writeFileSync(path.join(root, '.tmp', 'half.part'), 'half');
    writeFileSync(path.join(root, MARKER_FILE), 'marker');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const result = await sweepStorage(
      storage,
      {
        referencedKeys: async () => new Set(['photos/kept', 'photos/missing']),
        ownerOf: (key) => (key.startsWith('thumbs/') ? key.slice(7, -5) : null),
      },
      log,
      { now: new Date(Date.now() + 1000), graceMs: 0 },
    );
    expect(result).toEqual({
      temporaries: ['.tmp/half.part'],
      missing: ['photos/missing'],
      unreferenced: expect.arrayContaining(['photos/orphan', 'thumbs/photos/orphan.webp']),
    });
    expect(await keysOf(storage)).toEqual([
      'photos/kept',
      'photos/orphan',
      'thumbs/photos/kept.webp',
      'thumbs/photos/orphan.webp',
    ]);
    const errors = lines.map((line) => JSON.parse(line) as { level: number; keys?: string[] });
    expect(errors.find((line) => line.level === 50)?.keys).toEqual(['photos/missing']);
    expect(readdirSync(root)).toContain(MARKER_FILE);
  });

  it('keeps young temporary files within the grace time', async () => {
    const old = new Date(Date.now() - 3_600_000);
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    writeFileSync(path.join(root, '.tmp', 'old.part'), 'x');
    writeFileSync(path.join(root, '.tmp', 'young.part'), 'y');
    utimesSync(path.join(root, '.tmp', 'old.part'), old, old);
    const result = await sweepStorage(
      storage,
      { referencedKeys: async () => new Set(['photos/a', 'photos/b']), ownerOf: () => null },
      pino({ level: 'silent' }),
      { now: new Date(), graceMs: 600_000 },
    );
    expect(result).toEqual({ temporaries: ['.tmp/old.part'], missing: ['photos/a', 'photos/b'], unreferenced: [] });
    expect(readdirSync(path.join(root, '.tmp'))).toEqual(['young.part']);
  });
});
