import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageLimitError, StorageNotFoundError, type FileStorage } from './storage';
import { sweepStorage } from './sweep';

// What every file store must do (storage.ts), run against each store by its own test file.

export interface StoreUnderTest {
  storage: FileStorage;
  /** The local folder the store receives uploads into before their commit. */
  temporaries: string;
  /** How the sweep names the temporary file `name`. */
  temporaryName(name: string): string;
  /** Keys this store refuses besides those no store accepts. */
  reservedKeys: string[];
  dispose(): Promise<void>;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const text = async (stream: Readable) => (await bytesOf(stream)).toString('utf8');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) {
    keys.push(object.key);
  }
  return keys.sort();
}

const temporariesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

export function describeFileStorageContract(name: string, makeStore: () => Promise<StoreUnderTest>) {
  describe(`file storage contract: ${name}`, () => {
    let store: StoreUnderTest;
    let storage: FileStorage;
    beforeEach(async () => {
      store = await makeStore();
      storage = store.storage;
    });
    afterEach(() => store.dispose());

    it('puts, stats, streams whole and in ranges, and deletes', async () => {
      await storage.put('photos/a', Buffer.from('0123456789'));
      expect(await storage.stat('photos/a')).toMatchObject({ key: 'photos/a', size: 10 });
      expect(await text(await storage.stream('photos/a'))).toBe('0123456789');
      expect(await text(await storage.stream('photos/a', { start: 2, end: 4 }))).toBe('234');
      expect(await text(await storage.stream('photos/a', { start: 9, end: 9 }))).toBe('9');
      await storage.delete('photos/a');
      await storage.delete('photos/a');
      expect(await storage.stat('photos/a')).toBeNull();
      await expect(storage.stream('photos/a')).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('shows nothing until a staged file is committed, and nothing after a refused or discarded one', async () => {
      const staged = await storage.stage(Readable.from([Buffer.from('abc')]));
      expect(staged.size).toBe(3);
      expect(await keysOf(storage)).toEqual([]);
      expect(await storage.stat('stl/x')).toBeNull();
      await staged.commit('stl/x');
      expect(await keysOf(storage)).toEqual(['stl/x']);
      expect(await text(await storage.stream('stl/x'))).toBe('abc');
      const dropped = await storage.stage(Readable.from([Buffer.from('dropped')]));
      await dropped.discard();
      await expect(storage.stage(Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), 15)).rejects.toBeInstanceOf(
        StorageLimitError,
      );
      expect(await keysOf(storage)).toEqual(['stl/x']);
      expect(temporariesIn(store.temporaries)).toEqual([]);
    });

    it('streams a file larger than one upload part in and out whole, and any range of it', async () => {
      const bytes = randomBytes(20 * 1024 * 1024 + 123);
      const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
        bytes.subarray(index * 65_536, (index + 1) * 65_536),
      );
      const staged = await storage.stage(Readable.from(chunks));
      expect(staged.size).toBe(bytes.length);
      expect(await staged.commit('dicom/large')).toMatchObject({ key: 'dicom/large', size: bytes.length });
      expect(temporariesIn(store.temporaries)).toEqual([]);
      expect(await storage.stat('dicom/large')).toMatchObject({ size: bytes.length });
      expect(sha256(await bytesOf(await storage.stream('dicom/large')))).toBe(sha256(bytes));
      const across = { start: 8 * 1024 * 1024 - 10, end: 16 * 1024 * 1024 + 10 };
      const part = await bytesOf(await storage.stream('dicom/large', across));
      expect(part.equals(bytes.subarray(across.start, across.end + 1))).toBe(true);
    }, 120_000);

    it('keeps an empty file as an empty object', async () => {
      const staged = await storage.stage(Readable.from([]));
      expect(await staged.commit('pdf/empty')).toMatchObject({ key: 'pdf/empty', size: 0 });
      expect(await storage.stat('pdf/empty')).toMatchObject({ size: 0 });
      expect(await text(await storage.stream('pdf/empty'))).toBe('');
    });

    it('lists every object across pages, and replaces an object put again under its key', async () => {
      const keys = ['a/1', 'a/2', 'b/1', 'b/2/c', 'c'];
      for (const key of keys) {
        await storage.put(key, Buffer.from(key));
      }
      await storage.put('c', Readable.from([Buffer.from('again')]));
      expect(await keysOf(storage)).toEqual(keys);
      expect(await text(await storage.stream('c'))).toBe('again');
    });

    it('refuses keys that could leave its place', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '', ...store.reservedKeys]) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/refuses the key/);
        await expect(storage.stream(key), key).rejects.toThrow(/refuses the key/);
      }
    });

    it('sweeps only temporary files: rows without an object and objects without a row stay, and the log says so', async () => {
      await storage.put('photos/kept', Buffer.from('k'));
      await storage.put('photos/orphan', Buffer.from('o'));
      await storage.put('thumbs/photos/kept.webp', Buffer.from('t'));
      await storage.put('thumbs/photos/orphan.webp', Buffer.from('t'));
      mkdirSync(store.temporaries, { recursive: true });
      writeFileSync(path.join(store.temporaries, 'half.part'), 'half');
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
        temporaries: [store.temporaryName('half.part')],
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
    });

    it('keeps young temporary files within the grace time', async () => {
      const old = new Date(Date.now() - 3_600_000);
      mkdirSync(store.temporaries, { recursive: true });
      writeFileSync(path.join(store.temporaries, 'old.part'), 'x');
      writeFileSync(path.join(store.temporaries, 'young.part'), 'y');
      utimesSync(path.join(store.temporaries, 'old.part'), old, old);
      const result = await sweepStorage(
        storage,
        { referencedKeys: async () => new Set(['photos/a', 'photos/b']), ownerOf: () => null },
        pino({ level: 'silent' }),
        { now: new Date(), graceMs: 600_000 },
      );
      expect(result).toEqual({
        temporaries: [store.temporaryName('old.part')],
        missing: ['photos/a', 'photos/b'],
        unreferenced: [],
      });
      expect(temporariesIn(store.temporaries)).toEqual(['young.part']);
    });
  });
}
