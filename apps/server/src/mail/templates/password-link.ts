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

/** A new account's mail: what the administrator did, what to do now (`next`), and whom to tell if unexpected. */
function newAccountMail(
  language: MailLanguage,
  input: { name: string; next: Record<MailLanguage, string>; link: string },
) {
  const { name, next, link } = input;
  const words: Record<MailLanguage, { subject: string; lines: string[] }> = {
    en: {
      subject: `Your ${PRODUCT_NAME} account`,
      lines: [
        `Hello ${name},`,
        `an administrator created a ${PRODUCT_NAME} account for you. ${next.en}`,
        'If you did not expect this, ignore this mail and tell your administrator.',
      ],
    },
    de: {
      subject: `Ihr ${PRODUCT_NAME}-Konto`,
      lines: [
        `Guten Tag ${name},`,
        `eine Administratorin oder ein Administrator hat ein ${PRODUCT_NAME}-Konto für Sie angelegt. ${next.de}`,
        'Falls Sie das nicht erwartet haben, ignorieren Sie diese Mail und informieren Sie Ihre Administration.',
      ],
    },
  };
  return composeMail(words[language].subject, words[language].lines, { text: link, href: link });
}

/** The first password of a user an administrator created. */
export function invitationMail(language: MailLanguage, input: { name: string; link: string; validDays: number }) {
  const { validDays } = input;
  return newAccountMail(language, {
    ...input,
    next: {
      en: `Open this link to choose your password; it is valid for ${validDays} days and works once.`,
      de: `Öffnen Sie diesen Link, um Ihr Passwort zu wählen; er gilt ${validDays} Tage und nur einmal.`,
    },
  });
}

/**
 * The account of a user whose organisation signs them in (single sign-on): no password to choose,
 * only the way in with the organisation's own account.
 */
export function ssoInvitationMail(language: MailLanguage, input: { name: string; organisation: string; link: string }) {
  const { organisation } = input;
  return newAccountMail(language, {
    ...input,
    next: {
      en: `${organisation} signs you in with its own account: open ${PRODUCT_NAME}, type your e-mail address and choose "Sign in with ${organisation}". There is no ${PRODUCT_NAME} password to choose.`,
      de: `${organisation} meldet Sie mit dem eigenen Konto an: Öffnen Sie ${PRODUCT_NAME}, geben Sie Ihre E-Mail-Adresse ein und wählen Sie „Mit ${organisation} anmelden“. Ein ${PRODUCT_NAME}-Passwort gibt es dafür nicht.`,
    },
  });
}
