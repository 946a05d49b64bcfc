import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/**
 * A newly free graft fits waiting-list entries of the recipient: one mail per graft and physician,
 * naming every entry it fits by its patient code (docs/import.md "Match alerts").
 */
export function matchFoundMail(language: MailLanguage, input: { lot: string; patientCodes: string[]; link: string }) {
  const { lot, patientCodes, link } = input;
  const count = patientCodes.length;
  const codes = patientCodes.join(', ');
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `${PRODUCT_NAME}: graft ${lot} fits ${count === 1 ? `your waiting-list entry ${codes}` : `${count} of your waiting-list entries`}`,
        [
          'Hello,',
          `a tissue bank has just made the graft ${lot} free, and it fits your waiting-list ${count === 1 ? 'entry' : 'entries'} for ${count === 1 ? 'patient' : 'patients'} ${codes}.`,
          'The link opens the graft. You can switch these mails off on your account page.',
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `${PRODUCT_NAME}: Graft ${lot} passt zu ${count === 1 ? `Ihrem Wartelisteneintrag ${codes}` : `${count} Ihrer Wartelisteneinträge`}`,
        [
          'Guten Tag,',
          `eine Gewebebank hat soeben den Graft ${lot} freigegeben; er passt zu Ihren Wartelisteneinträgen für ${count === 1 ? 'Patient' : 'die Patienten'} ${codes}.`,
          'Der Link öffnet den Graft. Auf Ihrer Kontoseite können Sie diese Mails abschalten.',
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}
