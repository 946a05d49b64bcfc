import { PRODUCT_NAME } from '@graftmatch/domain';
import { composeMail, type MailContent, type MailLanguage } from './layout';

/** The login PIN. It states its lifetime and that an unasked-for mail means someone knows the password. */
export function twoFactorPinMail(language: MailLanguage, input: { name: string; pin: string; validMinutes: number }) {
  const { name, pin, validMinutes } = input;
  const byLanguage: Record<MailLanguage, () => MailContent> = {
    en: () =>
      composeMail(
        `Your ${PRODUCT_NAME} login PIN`,
        [
          `Hello ${name},`,
          `enter this PIN to finish logging in to ${PRODUCT_NAME}. It is valid for ${validMinutes} minutes and can be used once.`,
          'If you did not try to log in, someone knows your password: change it now and tell your administrator.',
        ],
        { text: pin },
      ),
    de: () =>
      composeMail(
        `Ihre ${PRODUCT_NAME}-Anmelde-PIN`,
        [
          `Guten Tag ${name},`,
          `geben Sie diese PIN ein, um die Anmeldung bei ${PRODUCT_NAME} abzuschließen. Sie gilt ${validMinutes} Minuten und nur einmal.`,
          'Falls Sie sich nicht anmelden wollten, kennt jemand Ihr Passwort: Ändern Sie es sofort und informieren Sie Ihre Administration.',
        ],
        { text: pin },
      ),
  };
  return byLanguage[language]();
}
