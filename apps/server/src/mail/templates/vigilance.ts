import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/**
 * Grafts of a donation were quarantined after a vigilance report: to the physicians of the clinics
 * that hold or implanted grafts of it, naming the reported lot, the report and the lots taken out.
 */
export function quarantineMail(
  language: MailLanguage,
  input: { lot: string; report: string; bank: string; lots: readonly string[]; link: string },
): MailContent {
  const { lot, report, bank, link } = input;
  const lots = input.lots.length > 0 ? input.lots.join(', ') : '–';
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `${PRODUCT_NAME}: grafts of the donation of ${lot} are quarantined (${report})`,
        [
          'Hello,',
          `${bank} reports a suspected serious adverse reaction or event on the graft with lot ${lot} (report ${report}). Every graft of the same donation has been looked up; the free and reserved ones are quarantined and no longer offered: ${lots}.`,
          'Your clinic holds or has implanted a graft of this donation. Please check your patients and the grafts in your care.',
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `${PRODUCT_NAME}: Grafts der Spende von ${lot} unter Quarantäne (${report})`,
        [
          'Guten Tag,',
          `${bank} meldet eine vermutete schwerwiegende unerwünschte Reaktion oder einen Zwischenfall beim Graft mit Lot ${lot} (Meldung ${report}). Alle Grafts derselben Spende wurden ermittelt; die freien und reservierten stehen unter Quarantäne und werden nicht mehr angeboten: ${lots}.`,
          'Ihre Klinik hält oder implantierte einen Graft dieser Spende. Bitte prüfen Sie Ihre Patienten und die Grafts in Ihrer Obhut.',
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}

/**
 * A submitted part of a vigilance report, to the bank's competent authority with the part's PDF
 * attached: the kind, the part, the report, the lot and the bank, in the authority's language.
 */
export function authorityMail(
  language: MailLanguage,
  input: {
    kind: 'SAR' | 'SAE';
    part: 'notification' | 'confirmation';
    report: string;
    lot: string;
    bank: string;
    euTeCode: string | null;
    singleEuropeanCode: string | null;
  },
): MailContent {
  const { kind, part, report, lot, bank } = input;
  const euTeCode = input.euTeCode ?? '–';
  const sec = input.singleEuropeanCode ?? '–';
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () => {
      const what = `${part === 'notification' ? 'Notification' : 'Confirmation'} of a serious adverse ${kind === 'SAR' ? 'reaction (SAR)' : 'event (SAE)'}`;
      return composeMail(
        `${what}: ${report}, lot ${lot} (${bank})`,
        [
          'Dear Sir or Madam,',
          `${bank} (EU TE code ${euTeCode}) submits the ${part === 'notification' ? 'rapid notification (part A)' : 'confirmation (part B)'} of report ${report} on the graft with lot ${lot} (SEC ${sec}).`,
          `The attached PDF holds the ${part === 'notification' ? 'notification' : 'notification and the confirmation'} as laid down in Directive 2006/86/EC, Annexes III and IV. Please direct questions to the tissue establishment.`,
        ],
        { text: `${what} ${report}` },
      );
    },
    de: () => {
      const what = `${part === 'notification' ? 'Meldung' : 'Bestätigung'} ${kind === 'SAR' ? 'einer schwerwiegenden unerwünschten Reaktion (SAR)' : 'eines schwerwiegenden unerwünschten Zwischenfalls (SAE)'}`;
      return composeMail(
        `${what}: ${report}, Lot ${lot} (${bank})`,
        [
          'Sehr geehrte Damen und Herren,',
          `${bank} (EU-Gewebeeinrichtungscode ${euTeCode}) übermittelt die ${part === 'notification' ? 'Erstmeldung (Teil A)' : 'Bestätigung (Teil B)'} der Meldung ${report} zum Graft mit Lot ${lot} (SEC ${sec}).`,
          `Das angehängte PDF enthält ${part === 'notification' ? 'die Meldung' : 'die Meldung und die Bestätigung'} gemäß Richtlinie 2006/86/EG, Anhänge III und IV. Rückfragen richten Sie bitte an die Gewebeeinrichtung.`,
        ],
        { text: `${what} ${report}` },
      );
    },
  };
  return byLanguage[language]();
}
