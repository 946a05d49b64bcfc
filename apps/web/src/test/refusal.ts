import { act } from '@testing-library/react';
import { languageOfHeader, translate, type Language, type MessageKey, type MessageParams } from '@graftmatch/domain';
import { expect } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { problem, type RecordedCall } from './fakeApi';

// A server's refusal of a form as the real server words it, and what a test reads of it on screen
// (docs/decisions.md, "Forms that say what they need").

export const LANGUAGES_OF_FORMS: readonly Language[] = ['en', 'de'];

/**
 * A handler that refuses with 400 and field errors named as the server names them (`email`,
 * `sarNotification.reactionDate`), each message from the server's catalogue in the language the
 * request asked for, and a detail that names the fields by those names, as the server's does.
 */
export const refuseFields =
  (...errors: readonly (readonly [field: string, key: MessageKey, params?: MessageParams])[]) =>
  (call: RecordedCall): Response => {
    const language = languageOfHeader(call.headers.get('accept-language') ?? undefined);
    const worded = errors.map(([field, key, params]) => ({ field, message: translate(language, key, params) }));
    const summary = worded.map(({ field, message }) => `${field} ${message}`).join('; ');
    return problem(400, translate(language, 'problem.invalidRequest', { summary }), { errors: worded });
  };

/** The app's text of `key` in `language`, as a form labels its field. */
export const textIn = (language: Language, key: string) => i18n.getFixedT(language)(key);

/** Switches the app's language; what is on screen renders anew. */
export const readIn = (language: Language) => act(() => changeLanguage(language));

/** The error a Mantine input shows: the element named `…-error` in its `aria-describedby`. */
export function shownError(input: HTMLElement): string | null {
  const field = input.matches('input, textarea') ? input : input.querySelector('input, textarea');
  const ids = (field?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

/**
 * Fails when a field's server name (`reactionDate`, `e_Lot`, `query_i_min`) or the source of a
 * regular expression shows in `root`'s text.
 */
export function expectNoServerNames(root: HTMLElement, names: readonly string[]): void {
  const text = root.textContent ?? '';
  for (const name of names) {
    expect(text, `"${name}" on screen`).not.toMatch(new RegExp(`\\b${name}\\b`));
  }
  expect(text).not.toMatch(/\[\^|\\[sdw]|\(\?:|\^\(|\$\)/);
}
