import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/** A physician requested one of the bank's grafts in the app; to each of the bank's employees. */
export function graftRequestedMail(
  language: MailLanguage,
  input: { lot: string; clinic: string; physician: string; note: string | null; link: string },
) {
  const { lot, clinic, physician, note, link } = input;
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `Request for graft with LOT ${lot} via ${PRODUCT_NAME}`,
        [
          'Hello,',
          `${physician} (${clinic}) requests the graft with lot ${lot}.${note ? ` Note: ${note}` : ''}`,
          'The link opens your requests, where you can reserve the graft or decline.',
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `Anfrage für Graft mit LOT ${lot} über ${PRODUCT_NAME}`,
        [
          'Guten Tag,',
          `${physician} (${clinic}) fragt den Graft mit Lot ${lot} an.${note ? ` Notiz: ${note}` : ''}`,
          'Der Link öffnet Ihre Anfragen; dort können Sie den Graft reservieren oder ablehnen.',
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}
