import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/** A link to set a forgotten password. An unasked-for mail may be ignored: nothing changes without the link. */
export function recoveryMail(language: MailLanguage, input: { name: string; link: string; validMinutes: number }) {
  const { name, link, validMinutes } = input;
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `Set a new ${PRODUCT_NAME} password`,
        [
          `Hello ${name},`,
          `open this link to set a new password. It is valid for ${validMinutes} minutes and works once. You will still need the PIN we mail you at login.`,
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `Neues ${PRODUCT_NAME}-Passwort festlegen`,
        [
          `Guten Tag ${name},`,
          `öffnen Sie diesen Link, um ein neues Passwort festzulegen. Er gilt ${validMinutes} Minuten und nur einmal. Bei der Anmeldung brauchen Sie weiterhin die PIN, die wir Ihnen zusenden.`,
          'Falls Sie das nicht angefordert haben, ignorieren Sie diese Mail: Ihr Passwort bleibt unverändert.',
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}

/** The closing line of a new account's mail. */
const UNEXPECTED_ACCOUNT: Record<MailLanguage, string> = {
  en: 'If you did not expect this, ignore this mail and tell your administrator.',
  de: 'Falls Sie das nicht erwartet haben, ignorieren Sie diese Mail und informieren Sie Ihre Administration.',
};

/** The first password of a user an administrator created. */
export function invitationMail(language: MailLanguage, input: { name: string; link: string; validDays: number }) {
  const { name, link, validDays } = input;
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `Your ${PRODUCT_NAME} account`,
        [
          `Hello ${name},`,
          `an administrator created a ${PRODUCT_NAME} account for you. Open this link to choose your password; it is valid for ${validDays} days and works once.`,
          UNEXPECTED_ACCOUNT.en,
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `Ihr ${PRODUCT_NAME}-Konto`,
        [
          `Guten Tag ${name},`,
          `eine Administratorin oder ein Administrator hat ein ${PRODUCT_NAME}-Konto für Sie angelegt. Öffnen Sie diesen Link, um Ihr Passwort zu wählen; er gilt ${validDays} Tage und nur einmal.`,
          UNEXPECTED_ACCOUNT.de,
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}

/**
 * The account of a user whose organisation signs them in (single sign-on): no password to choose,
 * only the way in with the organisation's own account.
 */
export function ssoInvitationMail(language: MailLanguage, input: { name: string; organisation: string; link: string }) {
  const { name, organisation, link } = input;
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `Your ${PRODUCT_NAME} account`,
        [
          `Hello ${name},`,
          `an administrator created a ${PRODUCT_NAME} account for you. ${organisation} signs you in with its own account: open ${PRODUCT_NAME}, type your e-mail address and choose "Sign in with ${organisation}". There is no ${PRODUCT_NAME} password to choose.`,
          UNEXPECTED_ACCOUNT.en,
        ],
        { text: link, href: link },
      ),
    de: () =>
      composeMail(
        `Ihr ${PRODUCT_NAME}-Konto`,
        [
          `Guten Tag ${name},`,
          `eine Administratorin oder ein Administrator hat ein ${PRODUCT_NAME}-Konto für Sie angelegt. ${organisation} meldet Sie mit dem eigenen Konto an: Öffnen Sie ${PRODUCT_NAME}, geben Sie Ihre E-Mail-Adresse ein und wählen Sie „Mit ${organisation} anmelden“. Ein ${PRODUCT_NAME}-Passwort gibt es dafür nicht.`,
          UNEXPECTED_ACCOUNT.de,
        ],
        { text: link, href: link },
      ),
  };
  return byLanguage[language]();
}
