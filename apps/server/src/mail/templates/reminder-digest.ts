import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeListMail, type MailContent, type MailLanguage } from './layout';

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
  return composeListMail(
    subject,
    { greeting: words.greeting, intro, end: words.end },
    lines.map((line) => ({ text: line.text[language], link: line.link })),
  );
}
