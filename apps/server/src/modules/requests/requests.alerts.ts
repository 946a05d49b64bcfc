import { formatInstantInZone, type AlertEvent, type RequestAction } from '@graftmatch/domain';
import type { MailLanguage } from '../../mail/templates/layout';
import type * as repo from './requests.repository';

// What each step of a request says to whom it concerns (docs/api.md "Alerts"): one wording per
// step in both languages, the push's title and line and the notification's sentence. Times are in
// the recipient's organisation's zone. Free text (a note, a reason) stays out: a push may show on
// a locked screen, and the details are one tap away.

type Words = Record<MailLanguage, { title: string; body: string }>;

export interface RequestStepAlert {
  event: AlertEvent;
  /** Whom it concerns: the requesting physician or the bank's employees. */
  to: 'physician' | 'bank';
  words: Words;
}

const deadlineIn = (row: repo.RequestDetails, language: MailLanguage) =>
  row.deadline ? formatInstantInZone(row.deadline, row.clinicTimeZone, language) : '–';

/** The alert of a request's step, or null for a step nobody is alerted of. */
export function requestStepAlert(row: repo.RequestDetails, action: RequestAction | 'create'): RequestStepAlert | null {
  const { eLot: lot, euteName: bank, cName: clinic } = row;
  switch (action) {
    case 'create':
      return {
        event: 'bankRequest',
        to: 'bank',
        words: {
          en: { title: 'New graft request', body: `${clinic} requests lot ${lot}.` },
          de: { title: 'Neue Graft-Anfrage', body: `${clinic} fragt Lot ${lot} an.` },
        },
      };
    case 'confirm':
      return {
        event: 'bankRequest',
        to: 'bank',
        words: {
          en: {
            title: 'Reservation confirmed',
            body: `${clinic} confirmed the reservation of lot ${lot}: please assign and ship it.`,
          },
          de: {
            title: 'Reservierung bestätigt',
            body: `${clinic} hat die Reservierung von Lot ${lot} bestätigt: bitte zuweisen und versenden.`,
          },
        },
      };
    case 'withdraw':
      return {
        event: 'bankRequestUpdate',
        to: 'bank',
        words: {
          en: { title: 'Request withdrawn', body: `${clinic} withdrew its request for lot ${lot}.` },
          de: { title: 'Anfrage zurückgezogen', body: `${clinic} hat die Anfrage für Lot ${lot} zurückgezogen.` },
        },
      };
    case 'implant':
      return {
        event: 'bankRequestUpdate',
        to: 'bank',
        words: {
          en: { title: 'Graft implanted', body: `${clinic} recorded the implantation of lot ${lot}.` },
          de: { title: 'Graft implantiert', body: `${clinic} hat die Implantation von Lot ${lot} erfasst.` },
        },
      };
    case 'return':
      return {
        event: 'bankRequestUpdate',
        to: 'bank',
        words: {
          en: { title: 'Graft returned', body: `${clinic} recorded the return of lot ${lot}.` },
          de: { title: 'Graft zurückgegeben', body: `${clinic} hat die Rückgabe von Lot ${lot} erfasst.` },
        },
      };
    case 'reserve':
      return {
        event: 'reservation',
        to: 'physician',
        words: {
          en: {
            title: 'Graft reserved for you',
            body: `${bank} reserved lot ${lot} for you until ${deadlineIn(row, 'en')}. Please confirm by then.`,
          },
          de: {
            title: 'Graft für Sie reserviert',
            body: `${bank} hat Lot ${lot} bis ${deadlineIn(row, 'de')} für Sie reserviert. Bitte bis dahin bestätigen.`,
          },
        },
      };
    case 'decline':
      return {
        event: 'requestAnswer',
        to: 'physician',
        words: {
          en: { title: 'Request declined', body: `${bank} declined your request for lot ${lot}.` },
          de: { title: 'Anfrage abgelehnt', body: `${bank} hat Ihre Anfrage für Lot ${lot} abgelehnt.` },
        },
      };
    case 'assign':
      return {
        event: 'requestAnswer',
        to: 'physician',
        words: {
          en: { title: 'Graft assigned', body: `${bank} assigned lot ${lot} to your clinic.` },
          de: { title: 'Graft zugewiesen', body: `${bank} hat Lot ${lot} Ihrer Klinik zugewiesen.` },
        },
      };
    case 'deliver':
      return {
        event: 'requestAnswer',
        to: 'physician',
        words: {
          en: { title: 'Graft delivered', body: `${bank} delivered lot ${lot}. Please record its receipt.` },
          de: { title: 'Graft geliefert', body: `${bank} hat Lot ${lot} geliefert. Bitte den Empfang erfassen.` },
        },
      };
    case 'lapse':
      return {
        event: 'requestAnswer',
        to: 'physician',
        words: {
          en: { title: 'Reservation lapsed', body: `The reservation of lot ${lot} ran out unconfirmed.` },
          de: { title: 'Reservierung abgelaufen', body: `Die Reservierung von Lot ${lot} ist unbestätigt abgelaufen.` },
        },
      };
  }
}

/** A clinic received a delivered graft: the bank hears of it. */
export function receiptAlert(row: repo.RequestDetails): RequestStepAlert {
  const { eLot: lot, cName: clinic } = row;
  return {
    event: 'bankRequestUpdate',
    to: 'bank',
    words: {
      en: { title: 'Graft received', body: `${clinic} received lot ${lot}.` },
      de: { title: 'Graft empfangen', body: `${clinic} hat Lot ${lot} empfangen.` },
    },
  };
}
