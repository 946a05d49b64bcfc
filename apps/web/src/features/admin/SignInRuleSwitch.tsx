import { Box, Paper, Switch } from '@mantine/core';
import type { SignInSettings } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { adminKeys } from './keys';

const signInKey = [...adminKeys.all, 'signin-settings'] as const;

/**
 * The users page's app-wide sign-in rule (docs/security.md "Passkeys"): whether admin accounts must
 * use a passkey. Admins switch it; auditors see it.
 */
export function SignInRuleSwitch({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: signInKey, queryFn: () => call('GET /admin/signin-settings') });
  const save = useMutation({
    mutationFn: (body: SignInSettings) => call('PUT /admin/signin-settings', { body }),
    // The refusal (no passkey of one's own yet) shows below the switch.
    meta: { silent: true },
    onSuccess: (saved) => {
      client.setQueryData(signInKey, saved);
      notify('success', t('passkeys.adminsNeedSaved'));
    },
  });
  return (
    <Paper withBorder p="sm" mb="md">
      <Switch
        label={t('passkeys.adminsNeed')}
        description={t('passkeys.adminsNeedHint')}
        checked={settings.data?.adminsNeedPasskey ?? false}
        disabled={!canWrite || !settings.data || save.isPending}
        onChange={(event) => save.mutate({ adminsNeedPasskey: event.currentTarget.checked })}
        data-testid="admins-need-passkey"
      />
      {save.error && (
        <Box mt="sm">
          <ErrorAlert error={save.error} />
        </Box>
      )}
    </Paper>
  );
}
