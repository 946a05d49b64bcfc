import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/** Newly free grafts fit a waiting-list entry: one mail per entry and import, naming the lots. */
export function matchFoundMail(language: MailLanguage, input: { patientCode: string; lots: string[]; link: string }) {
  const { patientCode, lots, link } = input;
  const list = lots.join(', ');
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `${PRODUCT_NAME}: ${lots.length === 1 ? 'a graft fits' : `${lots.length} grafts fit`} your waiting-list entry ${patientCode}`,
        [
          'Hello,',
          `a tissue bank has just made free grafts available that fit your waiting-list entry for patient ${patientCode}: ${list}.`,
          'The link opens the search of that entry. You can switch these mails off on your account page.',
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `${PRODUCT_NAME}: ${lots.length === 1 ? 'Ein Graft passt' : `${lots.length} Grafts passen`} zu Ihrem Wartelisteneintrag ${patientCode}`,
        [
          'Guten Tag,',
          `eine Gewebebank hat soeben freie Grafts bereitgestellt, die zu Ihrem Wartelisteneintrag für Patient ${patientCode} passen: ${list}.`,
          'Der Link öffnet die Suche dieses Eintrags. Auf Ihrer Kontoseite können Sie diese Mails abschalten.',
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}
