import { PRODUCT_NAME } from '@graftmatch/domain';
import { escapeHtml, type MailContent, type MailLanguage } from './layout';

/** One line of a digest, in both languages, with the link that deals with it. */
export interface DigestLine {
  text: Record<MailLanguage, string>;
  link: string;
}

const WORDS: Record<
  MailLanguage,
  { greeting: string; reminder: string; one: string; many: (count: number) => string; end: string }
> = {
  en: {
    greeting: 'Hello,',
    reminder: 'reminder',
    one: 'GraftMatch reminds you:',
    many: (count) => `GraftMatch reminds you of ${count} things:`,
    end: 'Each link opens what it is about.',
  },
  de: {
    greeting: 'Guten Tag,',
    reminder: 'Erinnerung',
    one: 'GraftMatch erinnert Sie:',
    many: (count) => `GraftMatch erinnert Sie an ${count} Dinge:`,
    end: 'Jeder Link öffnet, worum es geht.',
  },
};

/**
 * Every line for one recipient in one mail (docs/operations.md "Reminders"): a run that finds 50
 * things for one person sends one mail with 50 lines, not 50 mails. `title` names the kind.
 */
export function digestMail(
  language: MailLanguage,
  title: Record<MailLanguage, string>,
  lines: readonly DigestLine[],
): MailContent {
  const words = WORDS[language];
  const subject = `${PRODUCT_NAME} ${words.reminder}: ${title[language]} (${lines.length})`;
  const intro = lines.length === 1 ? words.one : words.many(lines.length);
  const text = [
    words.greeting,
    '',
    intro,
    '',
    ...lines.flatMap((line) => [`- ${line.text[language]}`, `  ${line.link}`]),
    '',
    words.end,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(words.greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...lines.map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text[language])}</a></li>`),
    '</ul>',
    `<p>${escapeHtml(words.end)}</p>`,
    `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
