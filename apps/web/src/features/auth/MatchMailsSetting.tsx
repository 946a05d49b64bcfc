import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { useMySettings, useSaveSettings } from './settings';

/** The settings page's switch for match mails (docs/import.md "Match alerts"); on by default. */
export function MatchMailsSetting() {
  const { t } = useTranslation();
  const settings = useMySettings();
  const save = useSaveSettings({ onSaved: () => notify('success', t('accountSettings.saved')) });
  return (
    <Switch
      label={t('accountSettings.matchMails')}
      description={t('accountSettings.matchMailsHint')}
      checked={settings.data?.matchMails ?? true}
      disabled={!settings.data || save.isPending}
      onChange={(event) => save.mutate({ matchMails: event.currentTarget.checked })}
      data-testid="match-mails-switch"
    />
  );
}
