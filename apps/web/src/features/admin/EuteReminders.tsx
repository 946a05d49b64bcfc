import { useState } from 'react';
import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import {
  MAX_EXPIRY_REMINDER_DAYS,
  MAX_EXPIRY_REMINDERS,
  MAX_IMPORT_SILENCE_DAYS,
  MAX_UNANSWERED_REQUEST_HOURS,
  MIN_UNANSWERED_REQUEST_HOURS,
  readReminderDaysInput,
  UNANSWERED_REQUEST_HOURS,
  unansweredRequestHoursErrors,
  type BankReminderSettings,
  type Eute,
} from '@graftmatch/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { getReminderSettings, setReminderSettings } from './api';
import { adminKeys } from './keys';

/** The bank's reminder thresholds and hours (docs/decisions.md "Reminders"): set by admins, read by auditors. */
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
        <RemindersForm key={JSON.stringify(settings.data)} eute={eute} saved={settings.data} canWrite={canWrite} />
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
  const [remind, setRemind] = useState<number | string>(saved.unansweredRequestHours.remind);
  const [escalate, setEscalate] = useState<number | string>(saved.unansweredRequestHours.escalate);
  const hourErrors = unansweredRequestHoursErrors({ remind, escalate });
  const hourError = (name: 'remind' | 'escalate') => {
    const error = hourErrors.find((each) => each.field === `unansweredRequestHours.${name}`);
    if (!error) {
      return save.fieldError(name);
    }
    return error.wording.key === 'validation.escalateAfterRemind'
      ? t('admin.eutes.escalateAfterRemind')
      : t('admin.eutes.hoursInvalid', { min: MIN_UNANSWERED_REQUEST_HOURS, max: MAX_UNANSWERED_REQUEST_HOURS });
  };
  const changed =
    expiryDays?.join(',') !== saved.expiryReminderDays.join(',') ||
    silence !== saved.importSilenceDays ||
    remind !== saved.unansweredRequestHours.remind ||
    escalate !== saved.unansweredRequestHours.escalate;
  const labels = {
    expiryReminderDays: t('admin.eutes.expiryDays'),
    importSilenceDays: t('admin.eutes.silenceDays'),
    remind: t('admin.eutes.remindHours'),
    escalate: t('admin.eutes.escalateHours'),
  };
  const save = useFormMutation({
    labels,
    mutationFn: () =>
      setReminderSettings(eute.id, {
        expiryReminderDays: expiryDays ?? [],
        importSilenceDays: silence as number,
        unansweredRequestHours: { remind: remind as number, escalate: escalate as number },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.reminders(eute.id) });
      notify('success', t('admin.eutes.remindersSaved', { name: eute.name }));
    },
  });
  return (
    <Stack gap="xs">
      <FormRefusal form={save} testId="eute-reminders-error" />
      <Group align="flex-end" gap="sm">
        <TextInput
          label={labels.expiryReminderDays}
          description={t('admin.eutes.expiryDaysHint')}
          value={expiryText}
          onChange={(event) => {
            setExpiryText(event.currentTarget.value);
            save.edited('expiryReminderDays');
          }}
          readOnly={!canWrite}
          error={
            expiryDays
              ? save.fieldError('expiryReminderDays')
              : t('admin.eutes.expiryDaysInvalid', { count: MAX_EXPIRY_REMINDERS, max: MAX_EXPIRY_REMINDER_DAYS })
          }
          w={260}
          data-testid="eute-expiry-days"
        />
        <NumberInput
          label={labels.importSilenceDays}
          description={t('admin.eutes.silenceDaysHint')}
          value={silence}
          onChange={(value) => {
            setSilence(value);
            save.edited('importSilenceDays');
          }}
          min={1}
          max={MAX_IMPORT_SILENCE_DAYS}
          allowDecimal={false}
          readOnly={!canWrite}
          error={
            silenceValid
              ? save.fieldError('importSilenceDays')
              : t('admin.eutes.silenceDaysInvalid', { max: MAX_IMPORT_SILENCE_DAYS })
          }
          w={260}
          data-testid="eute-silence-days"
        />
        <NumberInput
          label={labels.remind}
          description={t('admin.eutes.remindHoursHint', { hours: UNANSWERED_REQUEST_HOURS[0] })}
          value={remind}
          onChange={(value) => {
            setRemind(value);
            save.edited('remind');
          }}
          min={MIN_UNANSWERED_REQUEST_HOURS}
          max={MAX_UNANSWERED_REQUEST_HOURS}
          allowDecimal={false}
          readOnly={!canWrite}
          error={hourError('remind')}
          w={260}
          data-testid="eute-remind-hours"
        />
        <NumberInput
          label={labels.escalate}
          description={t('admin.eutes.escalateHoursHint', { hours: UNANSWERED_REQUEST_HOURS[1] })}
          value={escalate}
          onChange={(value) => {
            setEscalate(value);
            save.edited('escalate');
          }}
          min={MIN_UNANSWERED_REQUEST_HOURS}
          max={MAX_UNANSWERED_REQUEST_HOURS}
          allowDecimal={false}
          readOnly={!canWrite}
          error={hourError('escalate')}
          w={260}
          data-testid="eute-escalate-hours"
        />
        {canWrite && (
          <Button
            variant="light"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!expiryDays || !silenceValid || hourErrors.length > 0 || !changed}
            data-testid="eute-reminders-save"
          >
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
