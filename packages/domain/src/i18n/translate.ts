import type { Language } from './languages';
import { MESSAGES_DE } from './messages.de';
import { MESSAGES_EN, type Catalogue } from './messages.en';

// Looking up and filling in the server's texts (docs/decisions.md, "Server texts").

export type { Catalogue } from './messages.en';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & (string | number)];
type Plural<K> = K extends `${infer Base}_one` ? Base : K extends `${string}_other` ? never : K;
/** Every key of the catalogue, a plural pair by its base name. */
export type MessageKey = Plural<Leaves<typeof MESSAGES_EN>>;
export type MessageParams = Readonly<Record<string, string | number>>;

/** A text kept as its key and values, so it can be worded in either language when shown. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export const MESSAGES: Readonly<Record<Language, Catalogue>> = { en: MESSAGES_EN, de: MESSAGES_DE };

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

// A number in a text is written as the reader writes it ("20,5" in German), without grouping, as
// years, codes and counts are (docs/decisions.md, "Locale done properly").
const NUMBERS: Readonly<Record<Language, Intl.NumberFormat>> = {
  en: new Intl.NumberFormat('en', { useGrouping: false, maximumFractionDigits: 3 }),
  de: new Intl.NumberFormat('de', { useGrouping: false, maximumFractionDigits: 3 }),
};

/**
 * The text of `key` in `language`, its `{{name}}` placeholders filled (numbers in the language's
 * way); an unknown key is returned as it is.
 */
export function translate(language: Language, key: MessageKey | string, params: MessageParams = {}): string {
  const catalogue = MESSAGES[language];
  const plural = typeof params.count === 'number' ? `${key}_${params.count === 1 ? 'one' : 'other'}` : null;
  const text = (plural === null ? undefined : lookup(catalogue, plural)) ?? lookup(catalogue, key);
  if (text === undefined) {
    return key;
  }
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? whole : typeof value === 'number' ? NUMBERS[language].format(value) : value;
  });
}

/** A kept message in `language`. */
export const translateMessage = (language: Language, message: Message): string =>
  translate(language, message.key, message.params);

/** A translator bound to one language. */
export const translatorFor =
  (language: Language) =>
  (key: MessageKey, params?: MessageParams): string =>
    translate(language, key, params);

/**
 * The language an `Accept-Language` header asks for: the best-weighted of ours (by primary
 * subtag, `de-AT` is German), English when it names none of them or is missing.
 */
export function languageOfHeader(header: string | undefined): Language {
  let best: { language: Language; weight: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [range = '', ...options] = part.trim().toLowerCase().split(';');
    const primary = range.split('-')[0];
    const q = options.map((option) => option.trim()).find((option) => option.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if ((primary === 'en' || primary === 'de') && Number.isFinite(weight) && weight > 0) {
      if (best === null || weight > best.weight) {
        best = { language: primary, weight };
      }
    }
  }
  return best?.language ?? 'en';
}
