import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeListMail, type MailContent, type MailLanguage } from './layout';

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
  return composeListMail(
    subject,
    words,
    items.map((item) => ({ text: words.line(item), link: item.link })),
  );
}
