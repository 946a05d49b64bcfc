import { formatInstantInZone, PRODUCT_NAME, translate } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/** The bank's steps a requesting physician is mailed of at once. */
export type MailedRequestStep = 'reserved' | 'declined' | 'delivered';

/**
 * The tissue bank reserved, declined or delivered the graft a physician requested: to the
 * requesting physician, naming the lot and, for a reservation, the deadline to confirm by in the
 * clinic's local time (docs/decisions.md "Time zones").
 */
export function requestStepMail(
  language: MailLanguage,
  input: {
    step: MailedRequestStep;
    lot: string;
    bank: string;
    deadline: string | null;
    /** The recipient's clinic's zone, which the deadline is shown in. */
    timeZone: string;
    reason: string | null;
    link: string;
  },
) {
  const { step, lot, bank, link } = input;
  const deadline = input.deadline
    ? formatInstantInZone(input.deadline, input.timeZone, language)
    : translate(language, 'common.notDocumented');
  const reason = input.reason;
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () => {
      const says: Record<MailedRequestStep, [string, string]> = {
        reserved: [
          `graft ${lot} is reserved for you until ${deadline}`,
          `${bank} has reserved the graft with lot ${lot} for you. Please confirm by ${deadline}; after that the reservation lapses and the graft is offered again.`,
        ],
        declined: [
          `your request for graft ${lot} was declined`,
          `${bank} has declined your request for the graft with lot ${lot}.${reason ? ` Reason: ${reason}` : ''}`,
        ],
        delivered: [
          `graft ${lot} has been delivered`,
          `${bank} has delivered the graft with lot ${lot}. Please record the implantation or the return.`,
        ],
      };
      return composeMail(
        `${PRODUCT_NAME}: ${says[step][0]}`,
        ['Hello,', says[step][1], 'The link opens your requests.'],
        {
          text: link,
          href: link,
        },
      );
    },
    de: () => {
      const says: Record<MailedRequestStep, [string, string]> = {
        reserved: [
          `Graft ${lot} ist bis ${deadline} für Sie reserviert`,
          `${bank} hat den Graft mit Lot ${lot} für Sie reserviert. Bitte bestätigen Sie bis ${deadline}; danach verfällt die Reservierung und der Graft wird wieder angeboten.`,
        ],
        declined: [
          `Ihre Anfrage für Graft ${lot} wurde abgelehnt`,
          `${bank} hat Ihre Anfrage für den Graft mit Lot ${lot} abgelehnt.${reason ? ` Grund: ${reason}` : ''}`,
        ],
        delivered: [
          `Graft ${lot} wurde geliefert`,
          `${bank} hat den Graft mit Lot ${lot} geliefert. Bitte erfassen Sie die Implantation oder die Rückgabe.`,
        ],
      };
      return composeMail(
        `${PRODUCT_NAME}: ${says[step][0]}`,
        ['Guten Tag,', says[step][1], 'Der Link öffnet Ihre Anfragen.'],
        { text: link, href: link },
      );
    },
  };
  return byLanguage[language]();
}
