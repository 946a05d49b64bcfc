import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

const WORDS: Record<MailLanguage, { greeting: string; end: string }> = {
  en: { greeting: 'Hello,', end: 'The link opens it in GraftMatch.' },
  de: { greeting: 'Guten Tag,', end: 'Der Link öffnet es in GraftMatch.' },
};

/** An alert mailed at once with the words the push and the notification centre show (docs/api.md "Alerts"). */
export function alertMail(language: MailLanguage, input: { title: string; body: string; link: string }): MailContent {
  const words = WORDS[language];
  return composeMail(`${PRODUCT_NAME}: ${input.title}`, [words.greeting, input.body, words.end], {
    text: input.link,
    href: input.link,
  });
}
