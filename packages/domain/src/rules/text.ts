// The one rule for text that people or files bring in (docs/security.md, "Text"): through the API's
// schemas, an import's cells and an uploaded file's name alike.

/**
 * Characters no text holds: C0 and C1 controls (NUL, CR, LF, ESC, NEL …), DEL, the line and paragraph
 * separators, and the bidirectional overrides and isolates that make a name read differently than it
 * is stored. Multi-line text allows tab and line breaks (CR, LF) only. A character class body, for patterns.
 */
export const FORBIDDEN_TEXT_CHARACTERS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
export const SINGLE_LINE_TEXT_PATTERN = `^[^${FORBIDDEN_TEXT_CHARACTERS}]*$`;
export const MULTI_LINE_TEXT_PATTERN = `^(?:[\\t\\n\\r]|[^${FORBIDDEN_TEXT_CHARACTERS}])*$`;

const singleLine = new RegExp(SINGLE_LINE_TEXT_PATTERN, 'u');
const multiLine = new RegExp(MULTI_LINE_TEXT_PATTERN, 'u');
const forbidden = new RegExp(`[${FORBIDDEN_TEXT_CHARACTERS}]`, 'gu');

/** True when `text` holds a character that typed single-line text never does (the Basic header's user name). */
export const hasControlCharacters = (text: string) => !singleLine.test(text);

/** Why `text` is refused under the text rule, or null when it is fine. */
export function textRuleProblem(text: string, options: { multiLine: boolean }): string | null {
  if ((options.multiLine ? multiLine : singleLine).test(text)) {
    return null;
  }
  return options.multiLine
    ? 'must not contain control characters or bidirectional overrides (tab and line breaks are allowed)'
    : 'must not contain control characters, line breaks or bidirectional overrides';
}

/** `text` with every character the single-line rule refuses replaced (for names that are cleaned, not refused). */
export const replaceForbiddenCharacters = (text: string, replacement: string) => text.replace(forbidden, replacement);
