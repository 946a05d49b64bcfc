import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeListMail, type MailContent, type MailLanguage } from './layout';

/**
 * Grafts a digest names one by one; the rest are counted in one last line that opens the waiting
 * list, so an import of tens of thousands of grafts still makes a mail any server delivers
 * (docs/import.md "Match alerts").
 */
export const MATCH_DIGEST_LINES = 100;

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
    more: (grafts: number) => string;
    end: string;
  }
> = {
  en: {
    subject: (grafts, entries) =>
      `${grafts} grafts fit ${entries === 1 ? 'your waiting-list entry' : `${entries} of your waiting-list entries`}`,
    greeting: 'Hello,',
    intro: 'a tissue bank has just made these grafts free; each fits the waiting-list entries named after it:',
    line: (item) => `graft ${item.lot}: ${item.patientCodes.join(', ')}`,
    more: (grafts) => `and ${grafts.toLocaleString('en')} more grafts: your waiting list shows what fits each entry`,
    end: 'Each link opens its graft. You can switch these mails off on your account page.',
  },
  de: {
    subject: (grafts, entries) =>
      `${grafts} Grafts passen zu ${entries === 1 ? 'Ihrem Wartelisteneintrag' : `${entries} Ihrer Wartelisteneinträge`}`,
    greeting: 'Guten Tag,',
    intro:
      'eine Gewebebank hat soeben diese Grafts freigegeben; jeder passt zu den danach genannten Wartelisteneinträgen:',
    line: (item) => `Graft ${item.lot}: ${item.patientCodes.join(', ')}`,
    more: (grafts) =>
      `und ${grafts.toLocaleString('de')} weitere Grafts: Ihre Warteliste zeigt, was zu jedem Eintrag passt`,
    end: 'Jeder Link öffnet seinen Graft. Auf Ihrer Kontoseite können Sie diese Mails abschalten.',
  },
};

/**
 * Several newly free grafts fit entries of the recipient: one mail for all of them, each of the
 * first `MATCH_DIGEST_LINES` grafts with its entries, the rest counted in a line linking to
 * `waitingListLink` (docs/import.md "Match alerts"); one graft alone has `matchFoundMail`.
 */
export function matchDigestMail(
  language: MailLanguage,
  items: readonly MatchDigestItem[],
  waitingListLink: string,
): MailContent {
  const words = WORDS[language];
  const entries = new Set<string>();
  for (const item of items) {
    item.patientCodes.forEach((code) => entries.add(code));
  }
  const subject = `${PRODUCT_NAME}: ${words.subject(items.length, entries.size)}`;
  const named = items.slice(0, MATCH_DIGEST_LINES).map((item) => ({ text: words.line(item), link: item.link }));
  const more = items.length - named.length;
  return composeListMail(
    subject,
    words,
    more > 0 ? [...named, { text: words.more(more), link: waitingListLink }] : named,
  );
}
