import { PRODUCT_NAME } from '@graftmatch/domain';

export type MailLanguage = 'en' | 'de';

/** A mail's words, before it gets an address. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Builds both bodies from paragraphs of plain text; `highlight` (a PIN or a link) is shown
 * on its own line. Names come from user data, so everything is escaped for the HTML body.
 */
export function composeMail(
  subject: string,
  paragraphs: string[],
  highlight: { text: string; href?: string },
): MailContent {
  const [greeting = '', ...rest] = paragraphs;
  const text = [greeting, '', highlight.text, '', ...rest.flatMap((p) => [p, '']), `— ${PRODUCT_NAME}`].join('\n');
  const shown = highlight.href
    ? `<a href="${escapeHtml(highlight.href)}">${escapeHtml(highlight.text)}</a>`
    : `<strong style="font-size:1.6em;letter-spacing:0.2em">${escapeHtml(highlight.text)}</strong>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${shown}</p>`,
    ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A line of a digest: its words and the page it opens. */
export interface LinkedLine {
  text: string;
  link: string;
}

/** Builds both bodies of a digest: greeting, intro, one linked line per item, closing words. */
export function composeListMail(
  subject: string,
  words: { greeting: string; intro: string; end: string },
  lines: readonly LinkedLine[],
): MailContent {
  const text = [
    words.greeting,
    '',
    words.intro,
    '',
    ...lines.flatMap((line) => [`- ${line.text}`, `  ${line.link}`]),
    '',
    words.end,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(words.greeting)}</p>`,
    `<p>${escapeHtml(words.intro)}</p>`,
    '<ul>',
    ...lines.map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>`),
    '</ul>',
    `<p>${escapeHtml(words.end)}</p>`,
    `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
