import { PRODUCT_NAME } from '@graftmatch/domain';
import { escapeHtml, type MailContent, type MailLanguage } from './layout';

/** One newly free graft and the recipient's entries it fits, by patient code. */
export interface MatchDigestItem {
  lot: string;
  patientCodes: readonly string[];
  link: string;
}

const WORDS: Record<
  MailLanguage,
  {
    subject: (grafts: number, entries: number) => string;
    greeting: string;
    intro: string;
    line: (item: MatchDigestItem) => string;
    end: string;
  }
> = {
  en: {
    subject: (grafts, entries) =>
      `${grafts} grafts fit ${entries === 1 ? 'your waiting-list entry' : `${entries} of your waiting-list entries`}`,
    greeting: 'Hello,',
    intro: 'a tissue bank has just made these grafts free; each fits the waiting-list entries named after it:',
    line: (item) => `graft ${item.lot}: ${item.patientCodes.join(', ')}`,
    end: 'Each link opens its graft. You can switch these mails off on your account page.',
  },
  de: {
    subject: (grafts, entries) =>
      `${grafts} Grafts passen zu ${entries === 1 ? 'Ihrem Wartelisteneintrag' : `${entries} Ihrer Wartelisteneinträge`}`,
    greeting: 'Guten Tag,',
    intro:
      'eine Gewebebank hat soeben diese Grafts freigegeben; jeder passt zu den danach genannten Wartelisteneinträgen:',
    line: (item) => `Graft ${item.lot}: ${item.patientCodes.join(', ')}`,
    end: 'Jeder Link öffnet seinen Graft. Auf Ihrer Kontoseite können Sie diese Mails abschalten.',
  },
};

/**
 * Several newly free grafts fit entries of the recipient: one mail for all of them, each graft
 * with its entries (docs/import.md "Match alerts"); one graft alone has `matchFoundMail`.
 */
export function matchDigestMail(language: MailLanguage, items: readonly MatchDigestItem[]): MailContent {
  const words = WORDS[language];
  const entries = new Set(items.flatMap((item) => item.patientCodes)).size;
  const subject = `${PRODUCT_NAME}: ${words.subject(items.length, entries)}`;
  const text = [
    words.greeting,
    '',
    words.intro,
    '',
    ...items.flatMap((item) => [`- ${words.line(item)}`, `  ${item.link}`]),
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
    ...items.map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(words.line(item))}</a></li>`),
    '</ul>',
    `<p>${escapeHtml(words.end)}</p>`,
    `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
