import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  silencedClockEvents,
  type AlertChannels,
  type AlertEvent,
  type NotificationPreferences,
} from '@graftmatch/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { AlertEventFields, mailFieldId } from './AlertEventFields';
import { getNotificationPreferences, saveNotificationPreferences } from './api';
import { alertKeys } from './keys';

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour));
const hourLabel = (hour: string) => `${hour.padStart(2, '0')}:00`;

/**
 * How each alert reaches the user (docs/api.md "Alerts"): per event push and mail, and the hour of
 * the daily digest. Only the events of the user's sides are shown; the others keep what is stored.
 */
export function AlertSettings({ events }: { events: readonly AlertEvent[] }) {
  const preferences = useQuery({ queryKey: alertKeys.preferences, queryFn: getNotificationPreferences });
  if (preferences.isPending) {
    return <PageLoader />;
  }
  if (preferences.isError) {
    return <ErrorAlert error={preferences.error} onRetry={() => void preferences.refetch()} />;
  }
  // A new stored choice (saved here or in another tab) starts the form afresh.
  return <PreferencesForm key={JSON.stringify(preferences.data)} events={events} saved={preferences.data} />;
}

function PreferencesForm({ events, saved }: { events: readonly AlertEvent[]; saved: NotificationPreferences }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(saved);
  const silenced = silencedClockEvents(choice).filter((event) => events.includes(event));
  // The server names an event's field `/events/{event}` (docs/api.md "Alerts").
  const save = useFormMutation({
    labels: {
      ...Object.fromEntries(events.map((event) => [event, t(`alerts.event.${event}.label`)])),
      digestHour: t('alerts.digestHour'),
    },
    mutationFn: () => saveNotificationPreferences(choice),
    onSuccess: (stored) => {
      queryClient.setQueryData(alertKeys.preferences, stored);
      notify('success', t('alerts.saved'));
    },
  });
  const change = (event: AlertEvent, patch: Partial<AlertChannels>) => {
    setChoice((current) => ({
      ...current,
      events: { ...current.events, [event]: { ...current.events[event], ...patch } },
    }));
    save.edited(event);
  };
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const first = silenced[0];
    if (first) {
      document.getElementById(mailFieldId(first))?.focus();
      return;
    }
    save.mutate();
  };
  const errorOf = (event: AlertEvent) =>
    silenced.includes(event)
      ? t('alerts.silenced', { event: t(`alerts.event.${event}.label`) })
      : save.fieldError(event);
  return (
    <form onSubmit={submit} noValidate data-testid="alert-preferences">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('alerts.intro')}
        </Text>
        {events.map((event) => (
          <AlertEventFields
            key={event}
            event={event}
            channels={choice.events[event]}
            error={errorOf(event)}
            onChange={(patch) => change(event, patch)}
          />
        ))}
        <NativeSelect
          label={t('alerts.digestHour')}
          description={t('alerts.digestHourHint')}
          value={String(choice.digestHour)}
          data={HOURS.map((hour) => ({ value: hour, label: hourLabel(hour) }))}
          onChange={(change) => {
            const digestHour = Number(change.currentTarget.value);
            setChoice((current) => ({ ...current, digestHour }));
            save.edited('digestHour');
          }}
          error={save.fieldError('digestHour')}
          maw={240}
          data-testid="alert-digest-hour"
        />
        <FormRefusal form={save} testId="alert-preferences-error" />
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="alert-preferences-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
