import { describe, expect, it } from 'vitest';
import { bundleEntries } from './imports.parse.fhir';

// A Bundle's entries are cut out of the text as it streams in (docs/fhir.md "Import"); wherever
// the chunks happen to end, they and the Bundle's other members are what JSON.parse finds.

async function* chunked(chunks: Iterable<string>): AsyncGenerator<string> {
  yield* chunks;
}

async function read(chunks: Iterable<string>): Promise<{ entries: unknown[]; members: Record<string, unknown> }> {
  const members: Record<string, unknown> = {};
  const entries: unknown[] = [];
  for await (const entry of bundleEntries(chunked(chunks), members)) {
    entries.push(JSON.parse(entry));
  }
  return { entries, members };
}

describe('bundleEntries', () => {
  const texts = [
    '{"resourceType":"Bundle","type":"collection","entry":[]}',
    ' {"resourceType" : "Bundle", "link":[{"url":"a,]}"}], "entry" : [ {"resource":{"resourceType":"Organization","name":"a ] , } [ {"}} ,{"resource":{"id":"x\\"],"}}] , "total":2 }\n',
    '{"entry":[{"resource":{"property":[{"valueQuantity":{"value":1}}],"identifier":[]}}],"meta":{"tag":[{"code":"entry"}]},"resourceType":"Bundle"}',
  ];

  it.each(texts)('gives what JSON.parse gives, wherever the text is cut: %s', async (text) => {
    const whole = JSON.parse(text) as { entry: unknown[] } & Record<string, unknown>;
    const { entry, ...rest } = whole;
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(await read([text.slice(0, cut), text.slice(cut)])).toEqual({ entries: entry, members: rest });
    }
  });

  it.each([
    ['{"resourceType":"Bundle","entry":[{"a":1},]}', /missing/],
    ['{"resourceType":"Bundle","entry":[{"a":1}', /Unexpected end/],
    ['{"resourceType":"Bundle","entry":[]} x', /after the Bundle/],
    ['{"resourceType":"Patient","entry":[]}', /FHIR R5 Bundle/],
    ['{"resourceType":"Bundle",,"entry":[]}', /JSON cannot be read/],
  ])('refuses %s', async (text, reason) => {
    await expect(read([text])).rejects.toThrow(reason);
  });

  it('refuses an entry longer than 1 MiB before holding the rest of it', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const endless = (function* () {
      yield '{"resourceType":"Bundle","entry":[{"resource":"';
      for (;;) {
        yield chunk;
      }
    })();
    await expect(read(endless)).rejects.toThrow(/more than 1048576 characters/);
  });
});
