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
