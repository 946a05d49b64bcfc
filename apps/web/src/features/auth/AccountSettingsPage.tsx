import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { PageTitle } from '../../components/PageTitle';
import { MatchMailsSetting } from './MatchMailsSetting';

/** `home/settings`: the signed-in user's own settings, reached from the user menu. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
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
        <Paper withBorder p="lg" component="section" aria-labelledby="settings-notifications">
          <Title order={2} size="h4" mb="sm" id="settings-notifications">
            {t('accountSettings.title')}
          </Title>
          <MatchMailsSetting />
        </Paper>
      </Stack>
    </>
  );
}
