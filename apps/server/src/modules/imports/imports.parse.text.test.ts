import { describe, expect, it } from 'vitest';
import { jsonArrayElements } from './imports.parse.text';

// The JSON import cuts each array element out of the text as it streams in (docs/import.md "Limits");
// wherever the chunks happen to end, the elements are those JSON.parse finds in the whole text.

async function elementsOf(chunks: Iterable<string>): Promise<unknown[]> {
  const found: unknown[] = [];
  for await (const element of jsonArrayElements(chunks)) {
    found.push(JSON.parse(element));
  }
  return found;
}

describe('jsonArrayElements', () => {
  const texts = [
    '[]',
    ' [ {"e_Lot":"A","d_Remarks_public":"a ] and a } and a , in text"} , {"e_Lot":"B\\"],"} ]\n',
    '[{"release":{"status":1,"outValue":"2026-01-20"},"stlFiles":[{"name":"a,b"}]},null,12.5,"x",[1,[2]]]',
  ];

  it.each(texts)('gives what JSON.parse gives, wherever the text is cut: %s', async (text) => {
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(await elementsOf([text.slice(0, cut), text.slice(cut)])).toEqual(JSON.parse(text));
    }
  });

  it.each([
    ['[{"e_Lot": "A",]', /Unexpected end/],
    ['[1,,2]', /missing/],
    ['[1,]', /missing/],
    ['[1] x', /after the array/],
    ['[1}', /unexpected }/],
    ['{"e_Lot":"A"}', /array of grafts/],
  ])('refuses %s', async (text, reason) => {
    await expect(elementsOf([text])).rejects.toThrow(reason);
  });

  it('refuses a graft longer than 1 MiB before holding the rest of it', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const endless = (function* () {
      yield '[{"e_Lot":"';
      for (;;) {
        yield chunk;
      }
    })();
    await expect(elementsOf(endless)).rejects.toThrow(/more than 1048576 characters/);
  });
});
