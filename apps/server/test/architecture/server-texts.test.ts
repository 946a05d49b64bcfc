import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { MESSAGES, type Catalogue, type Language } from '@graftmatch/domain';

// Every refusal and document text comes from the catalogue in both languages (docs/decisions.md,
// "Server texts"): no refusal is built from English text, and every key the sources name exists
// in German and in English.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file: path.join(dir, file), text: readFileSync(path.join(root, dir, file), 'utf8') }));
}

const SERVER = sources('apps/server/src');
const DOMAIN = sources('packages/domain/src');

// `auditLog` is also a table, whose columns the queries name as `auditLog.column`.
const GROUPS = Object.keys(MESSAGES.en)
  .filter((group) => group !== 'auditLog')
  .join('|');
/** A catalogue key written out whole in the sources, e.g. 'problem.auth.locked'. */
const KEY = new RegExp(`['\`]((?:${GROUPS})\\.[\\w.]+)['\`]`, 'g');

function has(catalogue: Catalogue, key: string): boolean {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node === 'string') {
    return true;
  }
  // A plural pair is named by its base.
  const parent = key.split('.').slice(0, -1);
  const last = key.split('.').at(-1);
  let base: unknown = catalogue;
  for (const part of parent) {
    base = (base as Record<string, unknown>)[part];
  }
  return typeof (base as Record<string, unknown>)?.[`${last}_other`] === 'string';
}

describe('server texts', () => {
  test('no refusal is built from a text: every detail is a catalogue message', () => {
    const literal = /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|serviceUnavailable|tooLarge)\(\s*['"`]/;
    const constructed = /new ProblemError\(\s*\d+,\s*'[^']*',\s*['"`]/;
    const offenders = SERVER.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
        .filter(({ line }) => literal.test(line) || constructed.test(line))
        .map(({ where }) => where),
    );
    expect(offenders).toEqual([]);
  });

  test('every key the server and the domain rules name is worded in German and in English', () => {
    const keys = new Set(
      [...SERVER, ...DOMAIN].flatMap(({ text }) => [...text.matchAll(KEY)].map((match) => match[1]!)),
    );
    expect(keys.size).toBeGreaterThan(200);
    const missing = [...keys].flatMap((key) =>
      (Object.keys(MESSAGES) as Language[])
        .filter((language) => !has(MESSAGES[language], key))
        .map((language) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  test('the German words differ from the English where a sentence is worded', () => {
    const sentences = (node: object, prefix = ''): [string, string][] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [[`${prefix}${key}`, value] as [string, string]]
          : sentences(value as object, `${prefix}${key}.`),
      );
    const english = new Map(sentences(MESSAGES.en.problem, 'problem.'));
    // A detail of several words that reads the same in German was left untranslated.
    const same = sentences(MESSAGES.de.problem, 'problem.').filter(
      ([key, text]) => text.split(' ').length > 3 && english.get(key) === text,
    );
    expect(same).toEqual([]);
  });
});
