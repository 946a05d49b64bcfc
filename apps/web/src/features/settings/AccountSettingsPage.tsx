import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PageTitle } from '../../components/PageTitle';
import { MatchMailsSetting, PasskeysSetting, useMe } from '../auth';
import { alertEventsOf, AlertSettings, PushDevices } from '../notifications';

/** One titled section of the settings page, named by its heading for assistive technology. */
function SettingsSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb={hint ? 'xs' : 'sm'} id={id}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** `home/settings`: the signed-in user's own settings, reached from the user menu. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const alertEvents = me.data ? alertEventsOf(me.data) : [];
  return (
    <>
      <PageTitle title={t('accountSettings.pageTitle')} />
      <Stack maw={560} gap="lg">
        <SettingsSection id="settings-language" title={t('language.label')} hint={t('accountSettings.languageHint')}>
          <LanguageSwitch />
        </SettingsSection>
        <SettingsSection id="settings-passkeys" title={t('passkeys.title')}>
          <PasskeysSetting />
        </SettingsSection>
        <SettingsSection id="settings-notifications" title={t('accountSettings.title')}>
          <MatchMailsSetting />
        </SettingsSection>
        {alertEvents.length > 0 && (
          <>
            <SettingsSection id="settings-alerts" title={t('alerts.title')}>
              <AlertSettings events={alertEvents} />
            </SettingsSection>
            <SettingsSection id="settings-push" title={t('alerts.devices.title')}>
              <PushDevices />
            </SettingsSection>
          </>
        )}
      </Stack>
    </>
  );
}
