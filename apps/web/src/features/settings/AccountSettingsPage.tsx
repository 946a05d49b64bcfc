import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PageTitle } from '../../components/PageTitle';
import { MatchMailsSetting, PasskeysSetting, useMe } from '../auth';
import { alertEventsOf, AlertSettings, PushDevices } from '../notifications';

/** `home/settings`: the signed-in user's own settings, reached from the user menu. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const alertEvents = me.data ? alertEventsOf(me.data) : [];
  return (
    <>
      <PageTitle title={t('accountSettings.pageTitle')} />
      <Stack maw={560} gap="lg">
        <Paper withBorder p="lg" component="section" aria-labelledby="settings-language">
          <Title order={2} size="h4" mb="xs" id="settings-language">
            {t('language.label')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('accountSettings.languageHint')}
          </Text>
          <LanguageSwitch />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="settings-passkeys">
          <Title order={2} size="h4" mb="sm" id="settings-passkeys">
            {t('passkeys.title')}
          </Title>
          <PasskeysSetting />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="settings-notifications">
          <Title order={2} size="h4" mb="sm" id="settings-notifications">
            {t('accountSettings.title')}
          </Title>
          <MatchMailsSetting />
        </Paper>
        {alertEvents.length > 0 && (
          <>
            <Paper withBorder p="lg" component="section" aria-labelledby="settings-alerts">
              <Title order={2} size="h4" mb="sm" id="settings-alerts">
                {t('alerts.title')}
              </Title>
              <AlertSettings events={alertEvents} />
            </Paper>
            <Paper withBorder p="lg" component="section" aria-labelledby="settings-push">
              <Title order={2} size="h4" mb="sm" id="settings-push">
                {t('alerts.devices.title')}
              </Title>
              <PushDevices />
            </Paper>
          </>
        )}
      </Stack>
    </>
  );
}
