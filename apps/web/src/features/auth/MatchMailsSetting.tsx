import { Paper, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { notify } from '../../components/notify';

const settingsKey = ['me', 'settings'] as const;

/** The account page's switch for match mails (docs/import.md "Match alerts"); on by default. */
export function MatchMailsSetting() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => call('GET /users/settings') });
  const mutation = useMutation({
    mutationFn: (matchMails: boolean) => call('PATCH /users/settings', { body: { matchMails } }),
    onSuccess: (saved: UserSettings) => {
      client.setQueryData(settingsKey, saved);
      notify('success', t('accountSettings.saved'));
    },
  });
  const checked = mutation.isPending ? mutation.variables : (settings.data?.matchMails ?? true);
  return (
    <Paper withBorder p="lg" maw={480} mt="lg">
      <Title order={2} size="h4" mb="sm">
        {t('accountSettings.title')}
      </Title>
      <Switch
        label={t('accountSettings.matchMails')}
        description={t('accountSettings.matchMailsHint')}
        checked={checked}
        disabled={!settings.data || mutation.isPending}
        onChange={(event) => mutation.mutate(event.currentTarget.checked)}
        data-testid="match-mails-switch"
      />
    </Paper>
  );
}
