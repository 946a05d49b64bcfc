import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ssoErrorOf, type SsoOffer } from './ssoLogin';

/** Why a sign-on came back refused (`/login?sso_error=…`): what happened and what to do, in one sentence. */
export function SsoErrorAlert({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const error = ssoErrorOf(code);
  if (error === null) {
    return null;
  }
  return (
    <Alert color="red" variant="light" role="alert" title={t('sso.refusedTitle')} data-testid="sso-error">
      {t(`sso.errors.${error}`)}
    </Alert>
  );
}

/**
 * The address belongs to an organisation that signs its people in itself: the form's button goes
 * there, the password is not asked. Someone of that domain who is not a member may still use one.
 */
export function SsoOfferNote({ offer, onUsePassword }: { offer: SsoOffer; onUsePassword: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="cyan" variant="light" role="status" data-testid="sso-offer">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t('sso.offer', { organisation: offer.organisationName })}</Text>
        <Button variant="subtle" size="compact-sm" px={0} onClick={onUsePassword} data-testid="sso-use-password">
          {t('sso.usePassword', { organisation: offer.organisationName })}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * After logging out of a session begun by single sign-on: the organisation's account is still
 * signed in at its provider, which the person may end as well.
 */
export function SsoLogoutNotice({ endSessionUrl }: { endSessionUrl: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="cyan" variant="light" role="status" data-testid="sso-logout-notice">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t('sso.loggedOut')}</Text>
        <Anchor href={endSessionUrl} size="sm" fw={600} data-testid="sso-end-session">
          {t('sso.endSession')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
