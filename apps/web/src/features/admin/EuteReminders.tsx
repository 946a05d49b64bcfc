import { useState } from 'react';
import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import {
  MAX_EXPIRY_REMINDER_DAYS,
  MAX_EXPIRY_REMINDERS,
  MAX_IMPORT_SILENCE_DAYS,
  readReminderDaysInput,
  type BankReminderSettings,
  type Eute,
} from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { getReminderSettings, setReminderSettings } from './api';
import { adminKeys } from './keys';

/** The bank's reminder thresholds (docs/decisions.md "Reminders"): set by admins, read by auditors. */
export function EuteReminders({ eute, canWrite }: { eute: Eute; canWrite: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: adminKeys.reminders(eute.id), queryFn: () => getReminderSettings(eute.id) });
  return (
    <Stack gap="xs" data-testid="eute-reminders">
      <Title order={3} size="h6">
        {t('admin.eutes.reminders')}
      </Title>
      {settings.isPending && <PageLoader />}
      {settings.isError && <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <RemindersForm
          key={`${settings.data.expiryReminderDays.join(',')}:${settings.data.importSilenceDays}`}
          eute={eute}
          saved={settings.data}
          canWrite={canWrite}
        />
      )}
    </Stack>
  );
}

function RemindersForm({ eute, saved, canWrite }: { eute: Eute; saved: BankReminderSettings; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [expiryText, setExpiryText] = useState(saved.expiryReminderDays.join(', '));
  const [silence, setSilence] = useState<number | string>(saved.importSilenceDays);
  const expiryDays = readReminderDaysInput(expiryText);
  const silenceValid =
    typeof silence === 'number' && Number.isInteger(silence) && silence >= 1 && silence <= MAX_IMPORT_SILENCE_DAYS;
  const changed = expiryDays?.join(',') !== saved.expiryReminderDays.join(',') || silence !== saved.importSilenceDays;
  const save = useMutation({
    mutationFn: () =>
      setReminderSettings(eute.id, { expiryReminderDays: expiryDays ?? [], importSilenceDays: silence as number }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.reminders(eute.id) });
      notify('success', t('admin.eutes.remindersSaved', { name: eute.name }));
    },
  });
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t('admin.eutes.expiryDays')}
        description={t('admin.eutes.expiryDaysHint')}
        value={expiryText}
        onChange={(event) => setExpiryText(event.currentTarget.value)}
        readOnly={!canWrite}
        error={
          expiryDays
            ? undefined
            : t('admin.eutes.expiryDaysInvalid', { count: MAX_EXPIRY_REMINDERS, max: MAX_EXPIRY_REMINDER_DAYS })
        }
        w={260}
        data-testid="eute-expiry-days"
      />
      <NumberInput
        label={t('admin.eutes.silenceDays')}
        description={t('admin.eutes.silenceDaysHint')}
        value={silence}
        onChange={setSilence}
        min={1}
        max={MAX_IMPORT_SILENCE_DAYS}
        allowDecimal={false}
        readOnly={!canWrite}
        error={silenceValid ? undefined : t('admin.eutes.silenceDaysInvalid', { max: MAX_IMPORT_SILENCE_DAYS })}
        w={260}
        data-testid="eute-silence-days"
      />
      {canWrite && (
        <Button
          variant="light"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!expiryDays || !silenceValid || !changed}
          data-testid="eute-reminders-save"
        >
          {t('common.save')}
        </Button>
      )}
    </Group>
  );
}
